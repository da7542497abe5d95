/**
 * RFC 4180 CSV: CRLF line ends, fields quoted when they hold a comma, a quote or a line break,
 * quotes doubled. A text cell a spreadsheet would run as a formula (starting with = + - @, a tab
 * or a carriage return) is prefixed with ' so it is shown, not run (OWASP's advice).
 */
/** Whether a spreadsheet would run this text as a formula (OWASP's list of starting characters). */
export const startsLikeFormula = (text: string) => /^[=+\-@\t\r]/.test(text);

export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && startsLikeFormula(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
