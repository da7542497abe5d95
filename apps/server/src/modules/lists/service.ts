import type { RefusedLine } from '@shop/contract/errors';
import {
  type ListBody,
  type ListLine,
  MAX_LISTS,
  type SavedList,
  TOO_MANY_LISTS_MESSAGE,
} from '@shop/contract/lists';
import { newId, nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { AppError, forbidden, notFound } from '../../http/app-error.js';
import type { Caller } from '../../http/auth-guard.js';
import { priceBreaksOf } from '../parts/index.js';
import { serialiseUserWrites } from '../users/index.js';
import * as lists from './repository.js';

function toLine(row: lists.ListLineWithPart): ListLine {
  return {
    partsId: row.part_id,
    quantity: Number(row.quantity),
    ...(row.reference ? { reference: row.reference } : {}),
    ...(row.name !== null && row.price_breaks !== null
      ? {
          part: {
            name: row.name,
            price_per_piece: Number(row.price_per_piece),
            available_quantity: Number(row.available_quantity),
            min_order_quantity: Number(row.min_order_quantity),
            order_multiple: Number(row.order_multiple),
            price_breaks: priceBreaksOf({ price_breaks: row.price_breaks }),
          },
        }
      : {}),
  };
}

/** Lists as the API answers them, their lines (and the lines' parts) read in one query. */
async function withLines(db: Database, rows: readonly lists.ListRow[]): Promise<SavedList[]> {
  const ids = rows.map((row) => row.id);
  const lines = Map.groupBy(await lists.linesOf(db, ids), (line) => line.list_id);
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    lines: (lines.get(row.id) ?? []).map(toLine),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
}

/** A page of the owner's lists, newest first, and how many they keep. */
export async function listsOf(
  db: Database,
  owner: Caller,
  page: { limit: number; offset: number },
): Promise<{ lists: SavedList[]; total: number }> {
  const { rows, total } = await lists.listsOf(db, owner.id, page);
  return { lists: await withLines(db, rows), total };
}

/** The list, if it is the caller's: none → 404, someone else's → 403. */
async function listFor(db: Database, caller: Caller, id: string): Promise<lists.ListRow> {
  const row = await lists.findList(db, id);
  if (!row) throw notFound('list');
  if (row.user_id !== caller.id) throw forbidden('This list belongs to another account');
  return row;
}

/**
 * The list's lines as stored: every part must be in the catalog now (its quantity is not checked
 * against stock: the list is ordered later, with that day's stock). Parts that are not → 404
 * not_found naming each such line, as `POST /api/orders` does.
 */
async function checkedLines(db: Database, listId: string, body: ListBody): Promise<lists.ListLineRow[]> {
  const known = await lists.partsInCatalog(
    db,
    body.lines.map((line) => line.partsId),
  );
  const missing: RefusedLine[] = [];
  body.lines.forEach((line, index) => {
    if (!known.has(line.partsId)) missing.push({ line: index, partsId: line.partsId });
  });
  if (missing.length > 0) throw new AppError('not_found', 'No such part', undefined, { details: missing });
  return body.lines.map((line, index) => ({
    list_id: listId,
    line_no: index,
    part_id: line.partsId,
    quantity: line.quantity,
    reference: line.reference || null,
  }));
}

/**
 * Saves a new list for the owner. The cap of MAX_LISTS is decided with the owner's row locked, so
 * lists saved at once by one owner never pass it.
 */
export async function createList(db: Database, owner: Caller, body: ListBody): Promise<string> {
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await serialiseUserWrites(trx, owner.id);
    if ((await lists.countLists(trx, owner.id)) >= MAX_LISTS)
      throw new AppError('too_many_lists', TOO_MANY_LISTS_MESSAGE);
    const lines = await checkedLines(trx, id, body);
    const now = nowIso();
    await lists.insertList(
      trx,
      { id, user_id: owner.id, name: body.name, created_at: now, updated_at: now },
      lines,
    );
  });
  return id;
}

export async function getList(db: Database, caller: Caller, id: string): Promise<SavedList> {
  const [list] = await withLines(db, [await listFor(db, caller, id)]);
  if (!list) throw notFound('list');
  return list;
}

/** Replaces the list's name and lines, with the rules of a new list. */
export async function replaceList(db: Database, caller: Caller, id: string, body: ListBody): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await listFor(trx, caller, id);
    const lines = await checkedLines(trx, id, body);
    if (!(await lists.replaceList(trx, id, { name: body.name, updated_at: nowIso() }, lines)))
      throw notFound('list');
  });
}

export async function deleteList(db: Database, caller: Caller, id: string): Promise<void> {
  await listFor(db, caller, id);
  if (!(await lists.deleteList(db, id))) throw notFound('list');
}
