/** The form of a name that the catalog search compares against (case-insensitive, Unicode-aware). */
export function searchForm(text: string): string {
  return text.toLowerCase();
}

/** A LIKE pattern matching `text` literally anywhere (`%`, `_` and `\` lose their meaning); use with `escape '\'`. */
export function containsPattern(text: string): string {
  return `%${searchForm(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
