import type { PartSearchSort } from '@shop/contract/catalog';
import { type RawBuilder, sql } from 'kysely';
import { type Database, isSqlite } from '../../db/database.js';
import {
  byteOrder,
  namedRowids,
  relevanceOf,
  type SearchScope,
  SHORT_TEXT,
  scopeConditions,
  scopeOnlyConditions,
  type ValueFilter,
  valueTest,
} from './search-repository.js';
import { ftsExpression } from './search-words.js';

/** One facet to count: an attribute's values among the parts of these categories. */
export interface FacetToCount {
  key: string;
  categoryIds: string[];
  numeric: boolean;
}

/** A facet's values as counted: the most common first, with the lowest and highest of all. */
export interface FacetCount {
  value: string | number;
  count: number;
  min: number | null;
  max: number | null;
}

/** What one search statement answers: a page of part ids in order, how many parts, and the facets. */
export interface FacetSearchResult {
  ids: string[];
  total: number;
  facets: Map<string, FacetCount[]>;
}

type Row = {
  kind: 'total' | 'part' | 'facet';
  key: string | null;
  num: number | null;
  txt: string | null;
  n: number | string;
  lo: number | null;
  hi: number | null;
  id: string | null;
};

// Typed empties: a compound statement's columns take one type on PostgreSQL.
const noNumber = sql`cast(null as double precision)`;
const noText = sql`cast(null as text)`;

const flag = (i: number) => sql.raw(`a${i}`);
const filterCte = (i: number) => sql.raw(`f${i}`);

/**
 * The parts each filter takes, among the parts in scope: from the values' index by category when
 * the scope names the categories (one range of it per filter), else one lookup per part in scope.
 */
function filterRows(scope: SearchScope, filter: ValueFilter) {
  const test = valueTest(filter);
  if (scope.categoryIds)
    return sql`select v.part_id from part_values v where v.category_id in (${sql.join(scope.categoryIds)}) and v.key = ${filter.key} and ${test}`;
  return sql`select v.part_id from part_values v join base b on b.id = v.part_id where v.key = ${filter.key} and ${test}`;
}

/**
 * The common part of the statement: `base` (the parts in scope, before the attribute filters, each
 * once), `f<i>` (the parts filter i takes), `found` (base with a flag `a<i>` per filter), `hits`
 * (found with every flag), and on SQLite `scored` (the words' scores of the hits). Each made once,
 * then counted and paged from.
 */
function scopeCtes(db: Database, scope: SearchScope, filters: ValueFilter[], wordsInCategory: boolean) {
  const text = scope.text;
  if (wordsInCategory && text) return sqliteWordsInCategory(db, scope, text, filters);
  const ctes = [
    sql`base as materialized (${baseRows(db, scope)})`,
    ...filters.map((filter, i) => sql`${filterCte(i)} as materialized (${filterRows(scope, filter)})`),
  ];
  const flags = filters.map((_, i) => sql`, b.id in (select part_id from ${filterCte(i)}) as ${flag(i)}`);
  ctes.push(sql`found as materialized (select b.*${sql.join(flags, sql``)} from base b)`);
  ctes.push(hitsCte(filters));
  if (isSqlite(db) && text && text.words.length > 0)
    // The words' scores of the hits alone (bm25 is only had from the index as it matches): its
    // matches read once and kept when they are hits (`+` keeps SQLite from looking each hit up
    // in the index one by one).
    ctes.push(sql`scored as materialized (select rowid as r, bm25(parts_words) as score from parts_words
      where parts_words match ${ftsExpression(text.words, text.known)} and +rowid in (select r from hits))`);
  return sql.join(ctes);
}

/**
 * The parts in scope. PostgreSQL reads a category's parts with their number and words from
 * parts_category_words alone (an index-only scan, not one page of the table per part), those whose
 * text is too long for it from parts_category_long_text (migration 0041): the condition the index
 * is made with is in the query, for the planner to know the index holds the parts it asks for.
 */
function baseRows(db: Database, scope: SearchScope) {
  if (isSqlite(db)) return sql`select p.id, p.rowid as r from parts p where ${scopeConditions(db, scope)}`;
  if (!scope.categoryIds) return sql`select p.id from parts p where ${scopeConditions(db, scope)}`;
  return sql`select p.id from parts p where ${scopeConditions(db, scope)} and ${SHORT_TEXT}
    union all select p.id from parts p where ${scopeConditions(db, scope)} and not (${SHORT_TEXT})`;
}

/** `hits`: the found parts that every filter takes. */
function hitsCte(filters: ValueFilter[]) {
  const all = filters.map((_, i) => sql`${flag(i)}`);
  return sql`hits as (select * from found${all.length > 0 ? sql` where ${sql.join(all, sql` and `)}` : sql``})`;
}

/**
 * SQLite copies a CTE where a statement names it, with a cursor for each table of the copy, and
 * refuses a statement of more than 1,000 cursors ("subqueries nested too deep"). A branch per facet
 * names `found`; in sqliteWordsInCategory that names the category's parts (and each filter's) twice,
 * about 10 + 6 per filter cursors: with more facets and filters than this budget allows (say 10
 * and 10), the search takes the other shape (3 per filter, the words' matches read twice).
 */
const SQLITE_CURSORS = 700;

/** Whether a search takes sqliteWordsInCategory's shape. */
const takesWordsInCategory = (db: Database, scope: SearchScope, filters: ValueFilter[], facets: number) =>
  isSqlite(db) &&
  scope.categoryIds !== undefined &&
  (scope.text?.words.length ?? 0) > 0 &&
  (facets + 3) * (10 + 6 * filters.length) <= SQLITE_CURSORS;

/**
 * SQLite, words in a category: the category's parts (`scope`, from its index, each with its
 * filters' flags) come first, and the words' matches are read once, kept when in scope, with their
 * score (bm25) for those that every filter takes: one pass over the word's matches (a common word
 * of a million parts names tens of thousands) instead of a list of all of them and a second pass
 * for the scores.
 */
function sqliteWordsInCategory(
  db: Database,
  scope: SearchScope,
  text: NonNullable<SearchScope['text']>,
  filters: ValueFilter[],
) {
  const flags = filters.map((_, i) => sql`, p.id in (select part_id from ${filterCte(i)}) as ${flag(i)}`);
  const all = filters.map((_, i) => sql`${flag(i)}`);
  const others = namedRowids(text, false);
  const scoredRows =
    all.length > 0
      ? sql.join(
          all.map((a) => sql`s.${a}`),
          sql` and `,
        )
      : sql`1`;
  return sql.join([
    ...filters.map((filter, i) => sql`${filterCte(i)} as materialized (${filterRows(scope, filter)})`),
    sql`scope as materialized (select p.id, p.rowid as r${sql.join(flags, sql``)} from parts p where ${scopeOnlyConditions(db, scope)})`,
    // Named `scored` as the other shape's scores: those of the hits (null for other parts).
    sql`scored as materialized (select s.r, case when ${scoredRows} then bm25(parts_words) end as score
      from parts_words cross join scope s on s.r = parts_words.rowid where parts_words match ${ftsExpression(text.words, text.known)})`,
    // The found parts carry their score (the page's order reads it from them).
    sql`found as materialized (select s.*, w.score from scope s left join scored w on w.r = s.r
      where w.r is not null${others ? sql` or s.r in (${others})` : sql``})`,
    hitsCte(filters),
  ]);
}

/**
 * SQLite: up to this many found parts (when known: a search without a category counts them first,
 * by category, for its facets), a facet reads each one's value by the values' primary key (part,
 * key) rather than the categories' values of the key from their index, each looked up among the
 * found parts. SQLite knows not how many parts `found` holds (a number's lookup finds one, a word
 * thousands) and read the category's 5,000 values per facet for one part.
 */
const FEW_FOUND = 200;

/** One facet's values among the found parts that pass every filter but its own. */
function facetBranch(
  db: Database,
  filters: ValueFilter[],
  facet: FacetToCount,
  page: { facetValues: number; found?: number },
  i: number,
) {
  const column = sql.raw(facet.numeric ? 'v.num' : 'v.txt');
  const others = filters.flatMap((filter, i) => (filter.key === facet.key ? [] : [sql`f.${flag(i)}`]));
  const flags = others.length > 0 ? sql` and ${sql.join(others, sql` and `)}` : sql``;
  const inCategories = sql`v.category_id in (${sql.join(facet.categoryIds)})`;
  const byPart = isSqlite(db) && page.found !== undefined && page.found <= FEW_FOUND;
  const counted = byPart
    ? // `cross join`: the found parts first, each value by (part, key).
      sql`select ${column} as value, count(*) as n from found f cross join part_values v on v.part_id = f.id and v.key = ${facet.key}
    where ${inCategories}${flags}
    group by ${column}`
    : sql`select ${column} as value, count(*) as n from part_values v join found f on f.id = v.part_id
    where ${inCategories} and v.key = ${facet.key}${flags}
    group by ${column}`;
  const [num, txt] = facet.numeric ? [sql`value`, noText] : [noNumber, sql`value`];
  const range = facet.numeric ? sql`min(value) over (), max(value) over ()` : sql`${noNumber}, ${noNumber}`;
  return sql`select * from (select 'facet' as kind, cast(${facet.key} as text) as key, ${num} as num, ${txt} as txt, n, ${range}, ${noText} as id
    from (${counted}) c order by n desc, value limit ${page.facetValues}) ${sql.raw(`facet${i}`)}`;
}

/** The page's part ids, in the sort's order. */
function pageBranch(
  db: Database,
  scope: SearchScope,
  sort: PartSearchSort,
  page: { limit: number; offset: number },
  wordsInCategory: boolean,
) {
  const name = sql`p.name_sort ${byteOrder(db)}`;
  let from: RawBuilder<unknown> = sql`hits h join parts p on p.id = h.id`;
  let order: RawBuilder<unknown>;
  switch (sort) {
    case 'relevance':
      if (scope.text) {
        const made = relevance(db, scope.text, wordsInCategory);
        from = made.from;
        order = sql.join([...made.order, name, sql`p.id`]);
      } else order = sql`p.created_at desc, p.id desc`;
      break;
    case 'price':
      order = sql`p.price_per_piece, p.id`;
      break;
    case '-price':
      order = sql`p.price_per_piece desc, p.id desc`;
      break;
    case 'name':
      order = sql`${name}, p.created_at, p.id`;
      break;
    default:
      order = sql`p.created_at desc, p.id desc`;
  }
  // n: the part's place on the page (a compound statement's rows keep no order of their own).
  return sql`select * from (select 'part' as kind, ${noText} as key, ${noNumber} as num, ${noText} as txt, row_number() over (order by ${order}) as n,
    ${noNumber} as lo, ${noNumber} as hi, p.id from ${from} order by ${order} limit ${page.limit} offset ${page.offset}) page`;
}

/**
 * Where the page reads from and its order by relevance (relevanceOf): on SQLite the words' scores
 * of the hits come from `scored`.
 */
function relevance(db: Database, text: NonNullable<SearchScope['text']>, wordsInCategory: boolean) {
  if (wordsInCategory)
    // sqliteWordsInCategory: the hits carry their score; the part is read by its rowid.
    return {
      from: sql`hits h join parts p on p.rowid = h.r`,
      order: relevanceOf(db, text, sql`coalesce(h.score, 0.0)`),
    };
  const hits = sql`hits h join parts p on p.id = h.id`;
  if (text.words.length > 0 && isSqlite(db))
    return {
      from: sql`${hits} left join scored w on w.r = h.r`,
      order: relevanceOf(db, text, sql`coalesce(w.score, 0.0)`),
    };
  return { from: hits, order: relevanceOf(db, text) };
}

/**
 * A search with its facets in one statement: the parts in scope and those each filter takes are
 * read once, and the page, the count and every facet are made from them.
 */
export async function searchWithFacets(
  db: Database,
  scope: SearchScope,
  filters: ValueFilter[],
  facets: FacetToCount[],
  /** `found`: how many parts found are in a category, when known (SQLite's facets read by it). */
  page: { sort: PartSearchSort; limit: number; offset: number; facetValues: number; found?: number },
): Promise<FacetSearchResult> {
  const wordsInCategory = takesWordsInCategory(db, scope, filters, facets.length);
  const branches = [
    sql`select 'total' as kind, ${noText} as key, ${noNumber} as num, ${noText} as txt, count(*) as n, ${noNumber} as lo, ${noNumber} as hi, ${noText} as id from hits`,
    pageBranch(db, scope, page.sort, page, wordsInCategory),
    ...facets.map((facet, i) => facetBranch(db, filters, facet, page, i)),
  ];
  const { rows } =
    await sql<Row>`with ${scopeCtes(db, scope, filters, wordsInCategory)} ${sql.join(branches, sql` union all `)}`.execute(
      db,
    );
  const result: FacetSearchResult = { ids: [], total: 0, facets: new Map() };
  const placed: { id: string; n: number }[] = [];
  for (const row of rows) {
    if (row.kind === 'total') result.total = Number(row.n);
    else if (row.kind === 'part' && row.id) placed.push({ id: row.id, n: Number(row.n) });
    else if (row.kind === 'facet' && row.key) {
      const values = result.facets.get(row.key) ?? [];
      values.push({
        value: row.num === null ? (row.txt ?? '') : Number(row.num),
        count: Number(row.n),
        min: row.lo === null ? null : Number(row.lo),
        max: row.hi === null ? null : Number(row.hi),
      });
      result.facets.set(row.key, values);
    }
  }
  result.ids = placed.toSorted((a, b) => a.n - b.n).map((part) => part.id);
  return result;
}
