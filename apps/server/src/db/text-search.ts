/** The form of a name that the catalog search compares against (case-insensitive, Unicode-aware). */
export function searchForm(text: string): string {
  return text.toLowerCase();
}

/** A LIKE pattern matching `text` literally anywhere (`%`, `_` and `\` lose their meaning); use with `escape '\'`. */
export function containsPattern(text: string): string {
  return `%${searchForm(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The FTS5 query matching the names that hold `text` (SQLite's trigram index, migration 0009):
 * one phrase of its trigrams, so the characters must follow each other as they do in `text`.
 * Undefined when the search form is shorter than a trigram: such searches scan the names.
 */
export function trigramPhrase(text: string): string | undefined {
  const form = searchForm(text);
  if ([...form].length < 3) return undefined;
  return `"${form.replaceAll('"', '""')}"`;
}
