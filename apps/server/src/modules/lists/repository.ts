import type { Database } from '../../db/database.js';
import { pageWithTotal } from '../../db/paging.js';
import type { ListLineRow, ListsTable } from '../../db/schema.js';

export type ListRow = ListsTable;
export type { ListLineRow };

/** A list's line with its part as the catalog has it now (the part's columns null once it is deleted). */
export interface ListLineWithPart {
  list_id: string;
  line_no: number;
  part_id: string;
  quantity: number | string;
  reference: string | null;
  name: string | null;
  price_per_piece: number | string | null;
  available_quantity: number | string | null;
  min_order_quantity: number | string | null;
  order_multiple: number | string | null;
  price_breaks: string | null;
}

/** A page of the user's lists, newest first, and how many they keep in all. */
export function listsOf(
  db: Database,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: ListRow[]; total: number }> {
  return pageWithTotal(
    db
      .selectFrom('lists')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc'),
    page,
  );
}

export function findList(db: Database, id: string): Promise<ListRow | undefined> {
  return db.selectFrom('lists').selectAll().where('id', '=', id).executeTakeFirst();
}

/** How many lists the user keeps. */
export async function countLists(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom('lists')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The lines of these lists, each list's in their order, with their parts as they are now. */
export function linesOf(db: Database, listIds: readonly string[]): Promise<ListLineWithPart[]> {
  if (listIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('list_lines')
    .leftJoin('parts', (join) =>
      join.onRef('parts.id', '=', 'list_lines.part_id').on('parts.deleted_at', 'is', null),
    )
    .select([
      'list_lines.list_id',
      'list_lines.line_no',
      'list_lines.part_id',
      'list_lines.quantity',
      'list_lines.reference',
      'parts.name',
      'parts.price_per_piece',
      'parts.available_quantity',
      'parts.min_order_quantity',
      'parts.order_multiple',
      'parts.price_breaks',
    ])
    .where('list_lines.list_id', 'in', listIds)
    .orderBy('list_lines.list_id')
    .orderBy('list_lines.line_no')
    .execute();
}

/** Which of these parts are in the catalog (not deleted). */
export async function partsInCatalog(db: Database, partIds: readonly string[]): Promise<Set<string>> {
  if (partIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('parts')
    .select('id')
    .where('id', 'in', partIds)
    .where('deleted_at', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function insertList(db: Database, list: ListRow, lines: ListLineRow[]): Promise<void> {
  await db.insertInto('lists').values(list).execute();
  if (lines.length > 0) await db.insertInto('list_lines').values(lines).execute();
}

/** Gives the list a new name and new lines; false when there is no such list. */
export async function replaceList(
  db: Database,
  id: string,
  changes: { name: string; updated_at: string },
  lines: ListLineRow[],
): Promise<boolean> {
  const result = await db.updateTable('lists').set(changes).where('id', '=', id).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await db.deleteFrom('list_lines').where('list_id', '=', id).execute();
  if (lines.length > 0) await db.insertInto('list_lines').values(lines).execute();
  return true;
}

/** Removes the list and its lines; false when there was none. */
export async function deleteList(db: Database, id: string): Promise<boolean> {
  const result = await db.deleteFrom('lists').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
