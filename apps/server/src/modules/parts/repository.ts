import type { PartSort } from '@shop/contract/storefront';
import type { Insertable, Updateable } from 'kysely';
import { sql } from 'kysely';
import { type Database, isSqlite } from '../../db/database.js';
import type { PartRow, PartsTable, PartValuesTable } from '../../db/schema.js';
import { containsPattern } from '../../db/text-search.js';

export interface PartFilter {
  q?: string | undefined;
  limit: number;
  offset: number;
  /** Catalog order when left out. */
  sort?: PartSort | undefined;
}

/**
 * A page of the catalog in catalog order (oldest first, then id) or the filter's sort, and how
 * many parts match in all: with `q`, the parts whose name holds it literally and
 * case-insensitively (their search form, `containsPattern`). Names sort by their sort key,
 * compared byte by byte on both databases; parts of one name stay in catalog order.
 */
export async function listParts(
  db: Database,
  filter: PartFilter,
): Promise<{ rows: PartRow[]; total: number }> {
  let matching = db.selectFrom('parts').where('deleted_at', 'is', null);
  if (filter.q)
    matching = matching.where(sql<boolean>`name_search like ${containsPattern(filter.q)} escape '\\'`);
  const byName = sql`name_sort ${sql.raw(isSqlite(db) ? '' : 'collate "C"')}`;
  let page = matching.selectAll();
  switch (filter.sort ?? 'catalog') {
    case 'name':
      page = page.orderBy(byName).orderBy('created_at').orderBy('id');
      break;
    case '-name':
      page = page.orderBy(sql`${byName} desc`).orderBy('created_at').orderBy('id');
      break;
    case 'newest':
      page = page.orderBy('created_at', 'desc').orderBy('id', 'desc');
      break;
    default:
      page = page.orderBy('created_at').orderBy('id');
  }
  const [rows, count] = await Promise.all([
    page.limit(filter.limit).offset(filter.offset).execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The live parts of these ids (in no order). */
export async function partsByIds(db: Database, ids: string[]): Promise<PartRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('parts').selectAll().where('id', 'in', ids).where('deleted_at', 'is', null).execute();
}

export function findPart(db: Database, id: string): Promise<PartRow | undefined> {
  return db
    .selectFrom('parts')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A part's attributes as the filters read them: one row each, replacing what was there . */
export async function writeValues(
  db: Database,
  partId: string,
  values: Omit<PartValuesTable, 'part_id'>[],
): Promise<void> {
  await db.deleteFrom('part_values').where('part_id', '=', partId).execute();
  if (values.length > 0)
    await db
      .insertInto('part_values')
      .values(values.map((value) => ({ ...value, part_id: partId })))
      .execute();
}

/** Rows per statement when many parts go in at once (well below both databases' parameter limits). */
const BATCH = 100;

/** Inserts parts and their attributes' rows, a batch of rows per statement. */
export async function insertParts(
  db: Database,
  parts: readonly { row: Insertable<PartsTable>; values: Omit<PartValuesTable, 'part_id'>[] }[],
): Promise<void> {
  for (let at = 0; at < parts.length; at += BATCH)
    await db
      .insertInto('parts')
      .values(parts.slice(at, at + BATCH).map((part) => part.row))
      .execute();
  const values = parts.flatMap(({ row, values }) => values.map((value) => ({ ...value, part_id: row.id })));
  for (let at = 0; at < values.length; at += BATCH * 3)
    await db
      .insertInto('part_values')
      .values(values.slice(at, at + BATCH * 3))
      .execute();
}

/** Takes a part out of the catalog; its orders keep their name and price. False when there was none. */
export async function softDeletePart(db: Database, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('parts')
    .set({ deleted_at: at })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  // Out of the catalog, out of its filters and facet counts.
  await db.deleteFrom('part_values').where('part_id', '=', id).execute();
  return Number(result.numUpdatedRows) > 0;
}

/** Changes a part in the catalog (not a deleted one); false when there is none. */
export async function updatePart(
  db: Database,
  id: string,
  changes: Updateable<PartsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('parts')
    .set(changes)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** These parts' names, lifecycles, replacements and order multiples, by id (parts out of the catalog left out). */
export async function partsNamed(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, Pick<PartRow, 'id' | 'name' | 'lifecycle' | 'replacement_id' | 'order_multiple'>>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('parts')
    .select(['id', 'name', 'lifecycle', 'replacement_id', 'order_multiple'])
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}
