import { type Options, stringify } from 'csv-stringify/sync';

/** Whether a spreadsheet would run this text as a formula (OWASP's list of starting characters). */
export const startsLikeFormula = (text: string) => /^[=+\-@\t\r]/.test(text);

/**
 * A `;` followed by what starts a formula: a spreadsheet that splits cells at `;` (as many
 * locales do) would start a new cell there.
 */
const FORMULA_AFTER_SEMICOLON = /;(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/g;

export type CsvValue = string | number | null | undefined;

/**
 * RFC 4180 CSV by csv-stringify: CRLF line ends, fields quoted when they hold a comma, a quote, a
 * line break, a `;` or surrounding spaces, quotes doubled. A text cell a spreadsheet would run as
 * a formula (starting with = + - @, a tab or a carriage return, or their full-width forms) gets a
 * ' in front so it is shown, not run (OWASP's advice); so does each such part after a `;`.
 * Numbers (a negative quantity) are written as they are.
 */
export function toCsv(header: string[], rows: CsvValue[][]): string {
  return stringify([header, ...rows], OPTIONS);
}

/** One cell as `toCsv` writes it. */
export const csvField = (value: CsvValue): string => stringify([[value]], OPTIONS).slice(0, -2);

const OPTIONS: Options = {
  record_delimiter: 'windows',
  escape_formulas: true,
  quoted_match: [/[;\r\n]/, /^\s/, /\s$/],
  cast: { string: (value: string) => value.replace(FORMULA_AFTER_SEMICOLON, ";'") },
};
