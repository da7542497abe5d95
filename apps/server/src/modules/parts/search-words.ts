/**
 * The words of a search as the databases' full-text indexes take them (SQLite FTS5 on
 * SQLite, tsquery on PostgreSQL): every word must match; a word of 5 or more letters also
 * matches the words one letter away (wrong, missing or extra, or two swapped) unless the catalog
 * holds it as it is (then it is spelt right); the last word of
 * 3 or more characters also matches as the start of a word, as a buyer types.
 */

/** At most this many words of a search are used (the rest would narrow nothing a buyer sees). */
export const MAX_SEARCH_WORDS = 8;
/** Only this many words are widened to their misspellings (each adds a few hundred terms). */
const MAX_TOLERANT_WORDS = 3;
const TOLERANT_FROM = 5;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const ALPHABET = `${LETTERS}0123456789`;

/** The words of a search, lower case, as both indexes split text (letters and digits). */
export function searchWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_SEARCH_WORDS);
}

/** Every word one edit from `word` (substitution, deletion, insertion, adjacent swap), itself left out. */
export function oneEditAway(word: string): string[] {
  const found = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const [head, tail] = [word.slice(0, i), word.slice(i)];
    for (const c of ALPHABET) {
      found.add(head + c + tail);
      if (tail) found.add(head + c + tail.slice(1));
    }
    if (tail) found.add(head + tail.slice(1));
    if (tail.length > 1) found.add(head + tail.charAt(1) + tail.charAt(0) + tail.slice(2));
  }
  found.delete(word);
  return [...found];
}

interface WordTerms {
  exact: string[];
  prefix?: string;
}

/** The words a search widens to their misspellings: letters only, 5 or more, the first 3 such. */
export function tolerantWords(words: string[]): string[] {
  return words
    .filter((word) => /^[a-z]+$/.test(word) && word.length >= TOLERANT_FROM)
    .slice(0, MAX_TOLERANT_WORDS);
}

/**
 * Each word's terms. `known` are words the catalog holds as they are: they are taken as spelt
 * right and not widened (a widened word is a few hundred terms, which the indexes look up one by
 * one in every query of a search).
 */
function termsOf(words: string[], known: ReadonlySet<string>): WordTerms[] {
  const tolerant = new Set(tolerantWords(words));
  return words.map((word, index) => {
    const widen = tolerant.has(word) && !known.has(word);
    return {
      exact: widen ? [word, ...oneEditAway(word)] : [word],
      ...(index === words.length - 1 && word.length >= 3 ? { prefix: word } : {}),
    };
  });
}

/** An FTS5 MATCH expression for the words (each term quoted: no FTS5 syntax gets through). */
export function ftsExpression(words: string[], known: ReadonlySet<string> = new Set()): string {
  return termsOf(words, known)
    .map(({ exact, prefix }) => {
      const terms = exact.map((term) => `"${term}"`);
      if (prefix) terms.push(`"${prefix}" *`);
      return `(${terms.join(' OR ')})`;
    })
    .join(' AND ');
}

/** A tsquery for to_tsquery('simple', …): letters and digits only, each term quoted. */
export function tsqueryExpression(words: string[], known: ReadonlySet<string> = new Set()): string {
  return termsOf(words, known)
    .map(({ exact, prefix }) => {
      const terms = exact.map((term) => `'${term}'`);
      if (prefix) terms.push(`'${prefix}':*`);
      return `(${terms.join(' | ')})`;
    })
    .join(' & ');
}
