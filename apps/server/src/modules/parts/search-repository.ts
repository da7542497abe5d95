import type { PartSearchSort } from '@shop/contract/catalog';
import { type RawBuilder, sql } from 'kysely';
import { type Database, isSqlite } from '../../db/database.js';
import type { PartRow } from '../../db/schema.js';
import { ftsExpression, tolerantWords, tsqueryExpression } from './search-words.js';

/** One attribute filter: the values it takes (any of them), or a closed range with open ends. */
export type ValueFilter =
  | { key: string; kind: 'numbers'; values: number[] }
  | { key: string; kind: 'range'; min?: number; max?: number }
  | { key: string; kind: 'texts'; values: string[] };

/** What narrows a search before its attribute filters. */
export interface SearchScope {
  /** The chosen category's subtree. */
  categoryIds?: string[];
  inStock?: boolean;
  activeOnly?: boolean;
  /** Only these parts (a tool's parts list). */
  partIds?: string[];
  /** What `q` found, when there is a `q`. */
  text?: TextSearch;
}

/** `q` read every way it can name parts. */
export interface TextSearch {
  /** `q` if it is a part id. */
  id?: string;
  /** `q` as a part number (partNumberKey); a prefix when 3 characters or more. */
  numberKey?: string;
  /** The parts whose number the signed-in buyer keeps (customer part numbers) is `numberKey`: tier 0. */
  customerExact?: string[];
  /** The parts whose number the buyer keeps starts with `numberKey` (3+ characters): tier 1. */
  customerPrefix?: string[];
  /** Parts of the tool models whose model `q` names. */
  toolPartIds: string[];
  words: string[];
  /** Words of `words` the catalog holds as they are (wordsInCatalog): not widened to misspellings. */
  known?: ReadonlySet<string>;
}

/**
 * PostgreSQL: whether a part's text (name, manufacturer, description) is short enough for its
 * words to be in the index of a category's parts (parts_category_words, migration 0041, whose
 * condition this is, word for word).
 */
export const SHORT_TEXT = sql.raw(
  `octet_length(p.name) + coalesce(octet_length(p.manufacturer), 0) + octet_length(p."desc") <= 400`,
);

export const byteOrder = (db: Database) => sql.raw(isSqlite(db) ? '' : 'collate "C"');

/** The parts of the buyer's own numbers that `q` names (customer part numbers), exactly and as a start. */
const customerParts = (text: TextSearch) => [...(text.customerExact ?? []), ...(text.customerPrefix ?? [])];

/**
 * The parts `q` names, each with its tier (0: its id or exact number, the buyer's own too, 1: a
 * number it starts, 2: a part of a tool whose model it names, 3: its words) and, for words, its
 * score (lower first).
 */
function hitsQuery(db: Database, text: TextSearch) {
  const parts = [];
  const live = sql`deleted_at is null`;
  if (text.id)
    parts.push(sql`select id, 0 as tier, 0.0 as score from parts where id = ${text.id} and ${live}`);
  for (const [tier, ids] of [
    [0, text.customerExact ?? []],
    [1, text.customerPrefix ?? []],
  ] as const)
    if (ids.length > 0)
      parts.push(
        sql`select id, ${sql.lit(tier)} as tier, 0.0 as score from parts where id in (${sql.join(ids)}) and ${live}`,
      );
  if (text.numberKey) {
    parts.push(
      // In byte order, as parts_mpn_key is kept (PostgreSQL uses it only for that collation).
      sql`select id, 0 as tier, 0.0 as score from parts where mpn_key ${byteOrder(db)} = ${text.numberKey} and ${live}`,
    );
    if (text.numberKey.length >= 3)
      parts.push(
        sql`select id, 1 as tier, 0.0 as score from parts where mpn_key ${byteOrder(db)} > ${text.numberKey} and mpn_key ${byteOrder(db)} < ${`${text.numberKey}\u{10ffff}`} and ${live}`,
      );
  }
  if (text.toolPartIds.length > 0)
    parts.push(
      sql`select id, 2 as tier, 0.0 as score from parts where id in (${sql.join(text.toolPartIds)}) and ${live}`,
    );
  if (text.words.length > 0)
    parts.push(
      isSqlite(db)
        ? sql`select p.id, 3 as tier, bm25(parts_words) as score from parts_words join parts p on p.rowid = parts_words.rowid where parts_words match ${ftsExpression(text.words, text.known)} and p.deleted_at is null`
        : sql`select id, 3 as tier, -ts_rank(words, q) as score from parts, to_tsquery('simple', ${tsqueryExpression(text.words, text.known)}) q where words @@ q and ${live}`,
    );
  return sql`select id, min(tier) as tier, min(score) as score from (${sql.join(parts, sql` union all `)}) found group by id`;
}

/** Whether a live part has exactly this part number (partNumberKey): one index lookup. */
export async function numberInCatalog(db: Database, numberKey: string): Promise<boolean> {
  const { rows } =
    await sql`select 1 as found from parts where mpn_key ${byteOrder(db)} = ${numberKey} and deleted_at is null limit 1`.execute(
      db,
    );
  return rows.length > 0;
}

/**
 * Which of the words a search would widen to their misspellings some part in the catalog holds
 * as they are: one index lookup each (a word's own term, not its few hundred neighbours).
 */
export async function wordsInCatalog(db: Database, words: string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (const word of tolerantWords(words)) {
    const { rows } = isSqlite(db)
      ? await sql`select 1 as found from parts_words join parts p on p.rowid = parts_words.rowid where parts_words match ${`"${word}"`} and p.deleted_at is null limit 1`.execute(
          db,
        )
      : await sql`select 1 as found from parts where words @@ to_tsquery('simple', ${`'${word}'`}) and deleted_at is null limit 1`.execute(
          db,
        );
    if (rows.length > 0) known.add(word);
  }
  return known;
}

/** The test of one attribute filter on a value `v` of its key: the filter takes the value. */
export function valueTest(filter: ValueFilter): RawBuilder<unknown> {
  switch (filter.kind) {
    case 'texts':
      return sql`v.txt in (${sql.join(filter.values)})`;
    case 'numbers':
      return sql`v.num in (${sql.join(filter.values)})`;
    default: {
      const ends = [
        ...(filter.min === undefined ? [] : [sql`v.num >= ${filter.min}`]),
        ...(filter.max === undefined ? [] : [sql`v.num <= ${filter.max}`]),
      ];
      return sql.join(ends, sql` and `);
    }
  }
}

/** The condition of one attribute filter on the part `p`: it has a value the filter takes. */
function valueCondition(filter: ValueFilter): RawBuilder<unknown> {
  return sql`exists (select 1 from part_values v where v.part_id = p.id and v.key = ${filter.key} and ${valueTest(filter)})`;
}

/**
 * SQLite: the rowids of the parts `q` names, as one list (SQLite uses no index for an OR of
 * these); `words`, when given, stands for the rows the words match (a list made already), and
 * `false` leaves them out (none: `q` names parts by nothing else).
 */
export function namedRowids(text: TextSearch, words?: RawBuilder<unknown> | false) {
  const rows = [];
  if (text.id) rows.push(sql`select rowid from parts where id = ${text.id}`);
  if (text.numberKey) {
    rows.push(sql`select rowid from parts where mpn_key = ${text.numberKey} and deleted_at is null`);
    if (text.numberKey.length >= 3)
      rows.push(
        sql`select rowid from parts where mpn_key > ${text.numberKey} and mpn_key < ${`${text.numberKey}\u{10ffff}`} and deleted_at is null`,
      );
  }
  if (text.toolPartIds.length > 0)
    rows.push(sql`select rowid from parts where id in (${sql.join(text.toolPartIds)})`);
  if (customerParts(text).length > 0)
    rows.push(sql`select rowid from parts where id in (${sql.join(customerParts(text))})`);
  if (text.words.length > 0 && words !== false)
    rows.push(
      words ??
        sql`select rowid from parts_words where parts_words match ${ftsExpression(text.words, text.known)}`,
    );
  return rows.length > 0 ? sql.join(rows, sql` union all `) : undefined;
}

/**
 * Whether `q` names the part `p`, as a condition: what the count, the facets and the categories
 * found need (not the tier and score the page's order needs). A condition on each part in scope
 * rather than a join to every part `q` names: a word of a million-part catalog names tens of
 * thousands of parts, which a join reads, groups and scores in every query of a search.
 */
function namedBy(db: Database, text: TextSearch, narrowed: boolean) {
  if (isSqlite(db))
    // With a category, its parts are fewer than a word names: SQLite reads them by their index
    // and looks each up in the list (`+` keeps it from reading the list's parts one by one).
    return sql`${sql.raw(narrowed ? '+' : '')}p.rowid in (${namedRowids(text) ?? sql`select null`})`;
  const any = [];
  if (text.id) any.push(sql`p.id = ${text.id}`);
  if (text.numberKey) {
    any.push(sql`p.mpn_key ${byteOrder(db)} = ${text.numberKey}`);
    if (text.numberKey.length >= 3)
      any.push(
        sql`(p.mpn_key ${byteOrder(db)} > ${text.numberKey} and p.mpn_key ${byteOrder(db)} < ${`${text.numberKey}\u{10ffff}`})`,
      );
  }
  if (text.toolPartIds.length > 0) any.push(sql`p.id in (${sql.join(text.toolPartIds)})`);
  if (customerParts(text).length > 0) any.push(sql`p.id in (${sql.join(customerParts(text))})`);
  if (text.words.length > 0)
    any.push(sql`p.words @@ to_tsquery('simple', ${tsqueryExpression(text.words, text.known)})`);
  return sql`(${sql.join(any, sql` or `)})`;
}

/** What `q` found (`h`), joined to the parts `p` when there is a `q`. */
function hitsJoin(db: Database, scope: SearchScope) {
  return scope.text ? sql`join (${hitsQuery(db, scope.text)}) h on h.id = p.id` : sql``;
}

/** What a search reads from: the parts, with what `q` found. */
const source = (db: Database, scope: SearchScope) => sql`parts p ${hitsJoin(db, scope)}`;

/**
 * The conditions on `p` of the scope and of the filters (all must hold); with `named`, also that
 * `q` names it (for queries without the join to what `q` found).
 */
/** The conditions of the scope alone on `p`, `q` among them: the parts a search starts from. */
export const scopeConditions = (db: Database, scope: SearchScope) => conditions(db, scope, [], true);

/** The conditions of the scope on `p` but what `q` names: category, stock, lifecycle, tool. */
export const scopeOnlyConditions = (db: Database, scope: SearchScope) => conditions(db, scope, []);

function conditions(db: Database, scope: SearchScope, filters: ValueFilter[], named = false) {
  const all = [sql`p.deleted_at is null`];
  if (named && scope.text) all.push(namedBy(db, scope.text, scope.categoryIds !== undefined));
  if (scope.categoryIds) all.push(sql`p.category_id in (${sql.join(scope.categoryIds)})`);
  // In stock: enough pieces for the least order (the minimum, rounded up to the order multiple).
  if (scope.inStock)
    all.push(
      sql`p.available_quantity > 0 and p.available_quantity >= ((case when p.min_order_quantity > 1 then p.min_order_quantity else 1 end + p.order_multiple - 1) / p.order_multiple) * p.order_multiple`,
    );
  if (scope.activeOnly) all.push(sql`p.lifecycle = 'active'`);
  if (scope.partIds)
    all.push(scope.partIds.length > 0 ? sql`p.id in (${sql.join(scope.partIds)})` : sql`1 = 0`);
  for (const filter of filters) all.push(valueCondition(filter));
  return sql.join(all, sql` and `);
}

/**
 * The tier and score of the part `p` as hitsQuery gives them, from `p` itself: the page's order
 * without joining every part `q` names (which PostgreSQL's planner takes for 200 rows). The words'
 * score is PostgreSQL's ts_rank unless `wordsScore` gives it (SQLite's bm25, read from FTS5).
 */
export function relevanceOf(db: Database, text: TextSearch, wordsScore?: RawBuilder<unknown>) {
  const exact = [
    ...(text.id ? [sql`p.id = ${text.id}`] : []),
    ...(text.numberKey ? [sql`p.mpn_key ${byteOrder(db)} = ${text.numberKey}`] : []),
    ...(text.customerExact?.length ? [sql`p.id in (${sql.join(text.customerExact)})`] : []),
  ];
  const tiers = [
    ...(exact.length > 0 ? [sql`when ${sql.join(exact, sql` or `)} then 0`] : []),
    ...(text.numberKey && text.numberKey.length >= 3
      ? [
          sql`when p.mpn_key ${byteOrder(db)} > ${text.numberKey} and p.mpn_key ${byteOrder(db)} < ${`${text.numberKey}\u{10ffff}`} then 1`,
        ]
      : []),
    ...(text.customerPrefix?.length ? [sql`when p.id in (${sql.join(text.customerPrefix)}) then 1`] : []),
    ...(text.toolPartIds.length > 0 ? [sql`when p.id in (${sql.join(text.toolPartIds)}) then 2`] : []),
  ];
  // No constants: PostgreSQL reads an integer in ORDER BY as a column's position.
  const order = tiers.length > 0 ? [sql`case ${sql.join(tiers, sql` `)} else 3 end`] : [];
  if (text.words.length > 0 && wordsScore) order.push(wordsScore);
  else if (text.words.length > 0) {
    const q = sql`to_tsquery('simple', ${tsqueryExpression(text.words, text.known)})`;
    order.push(sql`case when p.words @@ ${q} then -ts_rank(p.words, ${q}) else 0.0 end`);
  }
  return order;
}

function orderOf(
  db: Database,
  sort: PartSearchSort,
  text: boolean,
  relevance: RawBuilder<unknown>[] = [sql`h.tier`, sql`h.score`],
) {
  const name = sql`p.name_sort ${byteOrder(db)}`;
  switch (sort) {
    case 'relevance':
      return text ? sql.join([...relevance, name, sql`p.id`]) : sql`p.created_at desc, p.id desc`;
    case 'price':
      return sql`p.price_per_piece, p.id`;
    case '-price':
      return sql`p.price_per_piece desc, p.id desc`;
    case 'name':
      return sql`${name}, p.created_at, p.id`;
    default:
      return sql`p.created_at desc, p.id desc`;
  }
}

/** A page of the parts in scope that pass every filter, in `sort`'s order, and how many there are. */
export async function searchParts(
  db: Database,
  scope: SearchScope,
  filters: ValueFilter[],
  page: { sort: PartSearchSort; limit: number; offset: number },
): Promise<{ rows: PartRow[]; total: number }> {
  // SQLite's score (bm25) is only had from the words' index as it finds them: joined there.
  const joined = isSqlite(db) || !scope.text;
  const order = orderOf(
    db,
    page.sort,
    scope.text !== undefined,
    scope.text && !joined ? relevanceOf(db, scope.text) : undefined,
  );
  const [rows, count] = await Promise.all([
    sql<PartRow>`select p.* from ${joined ? source(db, scope) : sql`parts p`} where ${conditions(db, scope, filters, !joined)} order by ${order} limit ${page.limit} offset ${page.offset}`.execute(
      db,
    ),
    sql<{
      n: number | string;
    }>`select count(*) as n from parts p where ${conditions(db, scope, filters, true)}`.execute(db),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
}

/**
 * The categories of the parts found (most parts first, at most `limit`): whose facets to show;
 * and how many parts found are in a category (of all of them).
 */
export async function categoriesFound(
  db: Database,
  scope: SearchScope,
  filters: ValueFilter[],
  limit: number,
): Promise<{ ids: string[]; parts: number }> {
  const { rows } = await sql<{ category_id: string; parts: number | string }>`
    select p.category_id, sum(count(*)) over () as parts from parts p where ${conditions(db, scope, filters, true)} and p.category_id is not null
    group by p.category_id order by count(*) desc, p.category_id limit ${limit}`.execute(db);
  return { ids: rows.map((row) => row.category_id), parts: Number(rows[0]?.parts ?? 0) };
}
