import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { lockingRows, lockRows } from '../../db/row-locks.js';
import type { MailOutbox } from '../mail/index.js';
import { type Allocation, fillBackorders, mailReady } from './backorders.js';
import { linesOf } from './repository.js';

/* Parts' stock as orders take it, give it back and, paid late, take it again. */

/** What an order line needs of its part, answered by the statement that took its pieces. */
export interface TakenPart {
  id: string;
  name: string;
  price_per_piece: number;
  price_breaks: string;
  /** The pieces taken from stock for the line; the rest of its quantity waits (a backorder). */
  allocated: number;
}

/**
 * Takes each line's pieces from its part's stock in one conditional update, so that buyers racing
 * for the same pieces can never take more than there are, and answers what the order needs of each
 * part whose pieces it took (its id as stored, its name, price and breaks, and how many pieces it
 * took). A part that is missing, deleted or obsolete, or whose line's quantity is below its
 * minimum, above what is left (unless the part may be backordered: then it takes what is left and
 * the rest waits) or not a multiple of its order multiple (contract parts.ts isOrderMultiple), is
 * not in the answer (and loses nothing). Several lines' parts are locked first, in the order of
 * their ids, so that two orders sharing parts never wait on each other in a circle, and the stock
 * a backorderable part has left is read under that lock (one line of a part that is not
 * backorderable needs no lock before its update: the update decides alone). With `minimum: false` (an accepted quote's
 * agreed quantities) the stock and the multiple are checked, not the minimum.
 */
export async function takeStock(
  db: Database,
  lines: readonly { partsId: string; quantity: number }[],
  options: { minimum: boolean } = { minimum: true },
): Promise<TakenPart[]> {
  const ids = lines.map((line) => line.partsId);
  // Which of the parts may take more than their stock, read before any lock: the update below
  // checks it again, so a part that changed meanwhile is refused rather than taken wrongly.
  const backorderable = await db
    .selectFrom('parts')
    .select('id')
    .where('id', 'in', ids)
    .where('backorderable', '=', 1)
    .execute();
  const left = new Map<string, number>();
  if (backorderable.length > 0) {
    // Their stock as the lock leaves it (PostgreSQL's `for update` answers a row's newest version
    // once its lock is had), every part locked in the order of the ids, in one statement.
    const locked = await lockingRows(
      db,
      db
        .selectFrom('parts')
        .select(['id', 'available_quantity', 'backorderable'])
        .where('id', 'in', ids)
        .orderBy('id'),
    ).execute();
    for (const part of locked)
      if (Number(part.backorderable) === 1) left.set(part.id, Math.max(Number(part.available_quantity), 0));
  } else if (lines.length > 1) {
    // Several parts: locked in the order of their ids, so that two orders never wait in a circle.
    await lockParts(db, ids);
  }
  // What each line takes: all its pieces, or for a backorderable part what is left of them.
  const take = (line: { partsId: string; quantity: number }) =>
    Math.min(left.get(line.partsId) ?? line.quantity, line.quantity);
  // The lines as a table of their own (the first row names and types the columns).
  const wanted = sql.join(
    lines.map((line, i) =>
      i === 0
        ? sql`select cast(${line.partsId} as text) as id, cast(${line.quantity} as bigint) as quantity, cast(${take(line)} as bigint) as take`
        : sql`select ${line.partsId}, ${line.quantity}, ${take(line)}`,
    ),
    sql` union all `,
  );
  let update = db
    .updateTable('parts')
    .from(sql<{ id: string; quantity: number; take: number }>`(${wanted})`.as('wanted'))
    .set({ available_quantity: sql`parts.available_quantity - wanted.take` })
    .whereRef('parts.id', '=', 'wanted.id')
    .where('parts.deleted_at', 'is', null)
    .where('parts.lifecycle', '!=', 'obsolete')
    .whereRef('parts.available_quantity', '>=', 'wanted.take')
    .where(sql<boolean>`(wanted.take = wanted.quantity or parts.backorderable = 1)`)
    // The order multiple (a reel, a pack): the same rule as isOrderMultiple, in the same update.
    .where(sql<boolean>`wanted.quantity % parts.order_multiple = 0`);
  if (options.minimum) update = update.whereRef('parts.min_order_quantity', '<=', 'wanted.quantity');
  const taken = await update
    .returning(['parts.id', 'parts.name', 'parts.price_per_piece', 'parts.price_breaks'])
    .execute();
  const takes = new Map(lines.map((line) => [line.partsId, take(line)]));
  return taken.map((part) => ({ ...part, allocated: takes.get(part.id) ?? 0 }));
}

/** Locks the parts' rows until the transaction ends, in the order of their ids. */
export function lockParts(db: Database, ids: readonly string[]): Promise<void> {
  return lockRows(db, db.selectFrom('parts').select('id').where('id', 'in', ids).orderBy('id'));
}

/**
 * The lines in the order of their parts' ids: every statement that changes several parts' stock
 * in one transaction goes through the parts in this order, so that two of them (an order placed,
 * another cancelled, expired or paid late) never wait on each other in a circle.
 */
export function inPartOrder<T extends { part_id: string }>(lines: readonly T[]): T[] {
  return [...lines].sort((a, b) => (a.part_id < b.part_id ? -1 : a.part_id > b.part_id ? 1 : 0));
}

/**
 * Gives the pieces set aside for an order's lines back to stock and drops what they wait for (the
 * order was cancelled, rejected or expired): its parts are locked first, in the order of their
 * ids, and its lines read after that, so that no receipt allocates to them meanwhile. The pieces
 * back in stock go to the orders waiting for them first (backorders.ts fillBackorders), whose
 * buyers are mailed when their order is ready. Answers where they went.
 */
export async function returnLines(db: Database, orderId: string, mail?: MailOutbox): Promise<Allocation[]> {
  const partIds = [...new Set((await linesOf(db, [orderId])).map((line) => line.part_id))];
  await lockParts(db, partIds);
  const lines = inPartOrder(await linesOf(db, [orderId]));
  for (const line of lines) {
    if (Number(line.allocated) === 0) continue;
    await db
      .updateTable('parts')
      .set({ available_quantity: sql`available_quantity + ${Number(line.allocated)}` })
      .where('id', '=', line.part_id)
      .execute();
  }
  await db
    .updateTable('order_lines')
    .set({ allocated: 0, backordered: 0 })
    .where('order_id', '=', orderId)
    .execute();
  const allocations: Allocation[] = [];
  for (const line of lines)
    if (Number(line.allocated) > 0) allocations.push(...(await fillBackorders(db, line.part_id)));
  await mailReady(db, mail, allocations);
  return allocations;
}

/**
 * Takes the pieces of an expired order's lines back from stock, whatever the parts' minimums: all
 * of them if every listed part has them (the lines then hold them), else none (the lines taken so
 * far are given back).
 */
export async function retakeLines(db: Database, orderId: string): Promise<boolean> {
  // What each line still buys: its pieces less those its buyer dropped.
  const lines = inPartOrder(await linesOf(db, [orderId])).map((line) => ({
    ...line,
    wanted: Number(line.quantity) - Number(line.dropped),
  }));
  for (const [index, line] of lines.entries()) {
    const result = await db
      .updateTable('parts')
      .set({ available_quantity: sql`available_quantity - ${line.wanted}` })
      .where('id', '=', line.part_id)
      .where('deleted_at', 'is', null)
      .where('available_quantity', '>=', line.wanted)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      for (const back of lines.slice(0, index))
        await db
          .updateTable('parts')
          .set({ available_quantity: sql`available_quantity + ${back.wanted}` })
          .where('id', '=', back.part_id)
          .execute();
      return false;
    }
  }
  await db
    .updateTable('order_lines')
    .set({ allocated: sql`quantity - dropped`, backordered: 0 })
    .where('order_id', '=', orderId)
    .execute();
  return true;
}
