import type { PartSort } from '@shop/contract/storefront';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Database } from '../../db/database.js';
import type { PartRow } from '../../db/schema.js';
import { catalogPage } from './catalog-index.js';

export interface PartFilter {
  q?: string | undefined;
  limit: number;
  offset: number;
  /** Catalog order when left out. */
  sort?: PartSort | undefined;
}

/**
 * A page of the catalog in catalog order (oldest first, then id) or the filter's sort, and how
 * many parts match in all.
 */
export async function listParts(
  db: Database,
  changes: ChangeFeed,
  filter: PartFilter,
): Promise<{ rows: PartRow[]; total: number }> {
  // Which parts are on the page comes from the ids and names held in memory (catalog-index.ts);
  // their rows from the database, with their stock as it is now.
  const { ids, total } = await catalogPage(db, changes, filter.q, filter.limit, filter.offset, filter.sort);
  if (ids.length === 0) return { rows: [], total };
  const rows = await db
    .selectFrom('parts')
    .selectAll()
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total };
}

export function findPart(db: Database, id: string): Promise<PartRow | undefined> {
  return db
    .selectFrom('parts')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function insertPart(db: Database, part: PartRow): Promise<void> {
  await db.insertInto('parts').values(part).execute();
}

/** Takes a part out of the catalog; its orders keep their name and price. False when there was none. */
export async function softDeletePart(db: Database, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('parts')
    .set({ deleted_at: at })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Changes a part in the catalog (not a deleted one); false when there is none. */
export async function updatePart(
  db: Database,
  id: string,
  changes: Omit<PartRow, 'id' | 'created_at' | 'deleted_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('parts')
    .set(changes)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
