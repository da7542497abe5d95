import { sql } from 'kysely';
import { type Database, isSqlite } from '../../db/database.js';
import type { PartRow } from '../../db/schema.js';

/**
 * Many parts looked up at once (a bill of materials' lines): each call is one query, whatever
 * the number of keys. The keys travel as one parameter, a JSON array on SQLite (read with
 * json_each) and a text array on PostgreSQL, so no statement meets a parameter limit.
 */

/** A part as a candidate names it. */
export interface NamedPart {
  id: string;
  name: string;
}

const keysOf = (db: Database, keys: readonly string[]) =>
  isSqlite(db)
    ? sql`(select value from json_each(${JSON.stringify(keys)}))`
    : sql`(select unnest(${keys}::text[]))`;

/** The parts of these ids (parts out of the catalog left out). */
export async function rowsByIds(db: Database, ids: readonly string[]): Promise<PartRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('parts')
    .selectAll()
    .where(sql<boolean>`id in ${keysOf(db, ids)}`)
    .where('deleted_at', 'is', null)
    .execute();
}

/** The parts whose number key (text-search.ts partNumberKey of the mpn) is one of `keys`. */
export async function rowsByNumberKeys(db: Database, keys: readonly string[]): Promise<PartRow[]> {
  if (keys.length === 0) return [];
  // In byte order, as parts_mpn_key is kept (PostgreSQL uses it only for that collation).
  const key = isSqlite(db) ? sql`mpn_key` : sql`mpn_key collate "C"`;
  return db
    .selectFrom('parts')
    .selectAll()
    .where(sql<boolean>`${key} in ${keysOf(db, keys)}`)
    .where('mpn_key', 'is not', null)
    .where('deleted_at', 'is', null)
    .execute();
}

/**
 * For each number key, up to `each` parts whose number key starts with it (and is longer), in
 * number order: one index range per key.
 */
export async function partsByNumberPrefixes(
  db: Database,
  prefixes: readonly string[],
  each: number,
): Promise<Map<string, NamedPart[]>> {
  if (prefixes.length === 0) return new Map();
  const ends = prefixes.map((prefix) => `${prefix}\u{10ffff}`);
  const { rows } = isSqlite(db)
    ? await sql<NamedPart & { prefix: string }>`
        select json_extract(k.value, '$[0]') as prefix, p.id, p.name
        from json_each(${JSON.stringify(prefixes.map((prefix, i) => [prefix, ends[i]]))}) k
        join parts p on p.rowid in (
          select rowid from parts
          where mpn_key > json_extract(k.value, '$[0]') and mpn_key < json_extract(k.value, '$[1]')
            and deleted_at is null
          order by mpn_key limit ${each})
        order by k.key, p.mpn_key`.execute(db)
    : await sql<NamedPart & { prefix: string }>`
        select k.prefix, p.id, p.name
        from unnest(${prefixes}::text[], ${ends}::text[]) with ordinality as k(prefix, upper, n)
        cross join lateral (
          select id, name, mpn_key from parts
          where mpn_key collate "C" > k.prefix and mpn_key collate "C" < k.upper
            and mpn_key is not null and deleted_at is null
          order by mpn_key collate "C" limit ${each}) p
        order by k.n, p.mpn_key collate "C"`.execute(db);
  return grouped(rows, (row) => row.prefix);
}

/**
 * For each search (by its place in `searches`), up to `each` parts whose name, manufacturer or
 * description hold its words (a full-text expression: search-words.ts ftsExpression on SQLite,
 * tsqueryExpression on PostgreSQL): one index lookup per search.
 */
export async function partsByWords(
  db: Database,
  searches: readonly string[],
  each: number,
): Promise<Map<number, NamedPart[]>> {
  if (searches.length === 0) return new Map();
  const { rows } = isSqlite(db)
    ? await sql<NamedPart & { search: number }>`
        select k.key as search, p.id, p.name
        from json_each(${JSON.stringify(searches)}) k
        join parts p on p.rowid in (
          select rowid from parts_words where parts_words match k.value limit ${each})
        where p.deleted_at is null
        order by k.key, p.name_sort`.execute(db)
    : // Each search's query made once, and only its first `each` parts read (as SQLite's FTS5
      // `limit` above), then sorted by name: a word many parts share is not read whole.
      await sql<NamedPart & { search: number }>`
        select (k.n - 1)::int as search, p.id, p.name
        from unnest(${searches}::text[]) with ordinality as k(q, n)
        cross join lateral (
          select p.id, p.name, p.name_sort from parts p
          where p.words @@ to_tsquery('simple', k.q) and p.deleted_at is null
          limit ${each}
        ) p
        order by search, p.name_sort collate "C"`.execute(db);
  return grouped(rows, (row) => Number(row.search));
}

function grouped<K, R extends NamedPart>(rows: readonly R[], keyOf: (row: R) => K): Map<K, NamedPart[]> {
  const found = new Map<K, NamedPart[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = found.get(key) ?? [];
    list.push({ id: row.id, name: row.name });
    found.set(key, list);
  }
  return found;
}
