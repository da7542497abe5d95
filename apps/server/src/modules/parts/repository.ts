import type { Database } from '../../db/database.js';
import type { PartRow } from '../../db/schema.js';
import { searchNames } from './name-index.js';

export interface PartFilter {
  q?: string | undefined;
  limit: number;
  offset: number;
}

/** A page of the catalog in catalog order (oldest first, then id), and how many parts match in all. */
export async function listParts(
  db: Database,
  filter: PartFilter,
): Promise<{ rows: PartRow[]; total: number }> {
  const { q, limit, offset } = filter;
  if (!q) return pageOfCatalog(db, limit, offset);
  // The names are searched in memory (name-index.ts); the page's rows come from the database,
  // with their stock as it is now.
  const { ids, total } = await searchNames(db, q, limit, offset);
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

/**
 * A page of the whole catalog. The catalog's blocks (migration 0008) say how many parts it holds
 * and where the page's block begins; the page steps over at most one block's parts from there.
 */
async function pageOfCatalog(
  db: Database,
  limit: number,
  offset: number,
): Promise<{ rows: PartRow[]; total: number }> {
  const blocks = await db
    .selectFrom('catalog_blocks')
    .select(['first_created_at', 'first_id', 'listed'])
    .orderBy('first_created_at')
    .orderBy('first_id')
    .execute();
  const total = blocks.reduce((sum, block) => sum + Number(block.listed), 0);
  let before = 0;
  const start = blocks.find((block) => {
    if (before + Number(block.listed) > offset) return true;
    before += Number(block.listed);
    return false;
  });
  if (!start) return { rows: [], total };
  const rows = await db
    .selectFrom('parts')
    .selectAll()
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb(eb.refTuple('created_at', 'id'), '>=', eb.tuple(start.first_created_at, start.first_id)),
    )
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .offset(offset - before)
    .execute();
  return { rows, total };
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
