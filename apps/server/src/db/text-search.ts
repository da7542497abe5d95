/** The form of a name that the catalog search compares against (case-insensitive, Unicode-aware). */
export function searchForm(text: string): string {
  return text.toLowerCase();
}

/** A LIKE pattern matching `text` literally anywhere (`%`, `_` and `\` lose their meaning); use with `escape '\'`. */
export function containsPattern(text: string): string {
  return `%${searchForm(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The key names sort by (A–Z): their search form, each run of digits led by a character that
 * grows with the run's length, so "Relay 9" comes before "Relay 10". Compared by code units (a
 * plain comparison, several times faster than a collator's at 100,000 names), so letters beyond
 * ASCII come after z.
 */
export function nameSortKey(name: string): string {
  return searchForm(name).replace(/\d+/g, (digits) => {
    const significant = digits.replace(/^0+(?=\d)/, '');
    return String.fromCharCode(0x30 + significant.length) + significant;
  });
}

/**
 * A part number as numbers are compared: lower case, without spaces, '-', '/' and '.', so
 * "T-24 C", "t24c" and "T/24.C" are one number.
 */
export function partNumberKey(text: string): string {
  return text.toLowerCase().replace(/[\s\-/.]/g, '');
}
