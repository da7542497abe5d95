import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { lockRows } from '../../db/row-locks.js';
import { linesOf } from './repository.js';

/* Parts' stock as orders take it, give it back and, paid late, take it again. */

/** What an order line needs of its part, answered by the statement that took its pieces. */
export interface TakenPart {
  id: string;
  name: string;
  price_per_piece: number;
  price_breaks: string;
}

/**
 * Takes each line's pieces from its part's stock in one conditional update, so that buyers racing
 * for the same pieces can never take more than there are, and answers what the order needs of each
 * part whose pieces it took (its id as stored, its name, price and breaks) from the same statement.
 * A part that is missing, deleted or obsolete, or whose line's quantity is below its minimum, above what is
 * left or not a multiple of its order multiple (contract parts.ts isOrderMultiple), is not in the
 * answer (and loses nothing). Several lines' parts are locked first, in the order of their ids, so
 * that two orders sharing parts never wait on each other in a circle. With `minimum: false` (an
 * accepted quote's agreed quantities) the stock and the multiple are checked, not the minimum.
 */
export async function takeStock(
  db: Database,
  lines: readonly { partsId: string; quantity: number }[],
  options: { minimum: boolean } = { minimum: true },
): Promise<TakenPart[]> {
  if (lines.length > 1)
    await lockParts(
      db,
      lines.map((line) => line.partsId),
    );
  // The lines as a table of their own (the first row names and types the columns).
  const wanted = sql.join(
    lines.map((line, i) =>
      i === 0
        ? sql`select cast(${line.partsId} as text) as id, cast(${line.quantity} as bigint) as quantity`
        : sql`select ${line.partsId}, ${line.quantity}`,
    ),
    sql` union all `,
  );
  let update = db
    .updateTable('parts')
    .from(sql<{ id: string; quantity: number }>`(${wanted})`.as('wanted'))
    .set({ available_quantity: sql`parts.available_quantity - wanted.quantity` })
    .whereRef('parts.id', '=', 'wanted.id')
    .where('parts.deleted_at', 'is', null)
    .where('parts.lifecycle', '!=', 'obsolete')
    .whereRef('parts.available_quantity', '>=', 'wanted.quantity')
    // The order multiple (a reel, a pack): the same rule as isOrderMultiple, in the same update.
    .where(sql<boolean>`wanted.quantity % parts.order_multiple = 0`);
  if (options.minimum) update = update.whereRef('parts.min_order_quantity', '<=', 'wanted.quantity');
  return update
    .returning(['parts.id', 'parts.name', 'parts.price_per_piece', 'parts.price_breaks'])
    .execute();
}

/** Locks the parts' rows until the transaction ends, in the order of their ids. */
function lockParts(db: Database, ids: readonly string[]): Promise<void> {
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

/** Gives every line's pieces back to its part's stock. */
export async function returnLines(
  db: Database,
  lines: readonly { part_id: string; quantity: number | string }[],
): Promise<void> {
  for (const line of inPartOrder(lines)) {
    await db
      .updateTable('parts')
      .set({ available_quantity: sql`available_quantity + ${Number(line.quantity)}` })
      .where('id', '=', line.part_id)
      .execute();
  }
}

/**
 * Takes the pieces of an expired order's lines back from stock, whatever the parts' minimums: all
 * of them if every listed part has them, else none (the lines taken so far are given back).
 */
export async function retakeLines(db: Database, orderId: string): Promise<boolean> {
  const lines = inPartOrder(await linesOf(db, [orderId]));
  for (const [index, line] of lines.entries()) {
    const result = await db
      .updateTable('parts')
      .set({ available_quantity: sql`available_quantity - ${Number(line.quantity)}` })
      .where('id', '=', line.part_id)
      .where('deleted_at', 'is', null)
      .where('available_quantity', '>=', Number(line.quantity))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      await returnLines(db, lines.slice(0, index));
      return false;
    }
  }
  return true;
}
