import type { Part } from '@shop/contract/parts';
import type { Database } from '../../db/database.js';
import { isSqlite } from '../../db/database.js';
import { partNumberKey } from '../../db/text-search.js';
import { withAvailability } from './incoming.js';
import {
  type NamedPart,
  partsByNumberPrefixes,
  partsByWords,
  rowsByIds,
  rowsByNumberKeys,
} from './lookup-repository.js';
import { ftsExpression, searchWords, tsqueryExpression } from './search-words.js';
import { toPart } from './service.js';

export type { NamedPart };

/** A number's prefix names parts only from this many characters on (as the search's `q`). */
const PREFIX_FROM = 3;

/** Parts by id, in one query (unknown ids and parts out of the catalog left out). */
export async function partsByIds(db: Database, ids: readonly string[]): Promise<Map<string, Part>> {
  const rows = await rowsByIds(db, [...new Set(ids)]);
  const parts = await withAvailability(db, rows.map(toPart));
  return new Map(parts.map((part) => [part._id, part]));
}

/**
 * The parts each number names by its manufacturer's part number, compared as the search compares
 * numbers (text-search.ts partNumberKey: case, spaces, '-', '/' and '.' ignored); one query.
 * Keyed by the numbers as given; a number that names none is left out.
 */
export async function partsByNumbers(db: Database, numbers: readonly string[]): Promise<Map<string, Part[]>> {
  const keys = new Map(numbers.map((number) => [number, partNumberKey(number)] as const));
  const rows = await rowsByNumberKeys(db, [...new Set([...keys.values()].filter(Boolean))]);
  const byKey = new Map<string, Part[]>();
  for (const row of rows) {
    const list = byKey.get(row.mpn_key as string) ?? [];
    list.push(toPart(row));
    byKey.set(row.mpn_key as string, list);
  }
  const found = new Map<string, Part[]>();
  for (const [number, key] of keys) {
    const parts = byKey.get(key);
    if (parts) found.set(number, parts);
  }
  return found;
}

/**
 * For each number of 3 or more characters (once normalised), up to `each` parts whose
 * manufacturer's number starts with it; one query. Keyed by the numbers as given.
 */
export async function partsByNumberPrefix(
  db: Database,
  numbers: readonly string[],
  each: number,
): Promise<Map<string, NamedPart[]>> {
  const keys = new Map(
    numbers
      .map((number) => [number, partNumberKey(number)] as const)
      .filter(([, key]) => key.length >= PREFIX_FROM),
  );
  const byPrefix = await partsByNumberPrefixes(db, [...new Set(keys.values())], each);
  const found = new Map<string, NamedPart[]>();
  for (const [number, key] of keys) {
    const parts = byPrefix.get(key);
    if (parts) found.set(number, parts);
  }
  return found;
}

/**
 * For each text (by its place), up to `each` parts whose name, manufacturer or description hold
 * all of its words (as the search reads words, the last also as a word's start; no misspellings);
 * one query. A text without words finds nothing.
 */
export async function partsByNameWords(
  db: Database,
  texts: readonly string[],
  each: number,
): Promise<Map<number, NamedPart[]>> {
  const searches: string[] = [];
  const places: number[] = [];
  texts.forEach((text, place) => {
    const words = searchWords(text);
    if (words.length === 0) return;
    // Every word taken as spelt: a misspelling's few hundred terms, times thousands of lines, would be too many.
    const known = new Set(words);
    searches.push(isSqlite(db) ? ftsExpression(words, known) : tsqueryExpression(words, known));
    places.push(place);
  });
  const found = await partsByWords(db, searches, each);
  return new Map([...found].map(([search, parts]) => [places[search] as number, parts]));
}
