import type { IncomingBatch, Part } from '@shop/contract/parts';
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';

/*
 * A part's availability beyond its stock (docs/api.md, "Availability"): its incoming batches, its
 * lead time, whether it may be backordered, and the pieces orders wait for already.
 */

/** What plans a part's waiting pieces: its batches by expected day, lead time and waiting pieces. */
export interface PartPlanning {
  incoming: IncomingBatch[];
  leadTimeDays?: number;
  backordered: number;
}

/** The incoming batches of these parts, by expected day. */
export async function batchesOf(db: Database, ids: readonly string[]): Promise<Map<string, IncomingBatch[]>> {
  const batches = new Map<string, IncomingBatch[]>();
  if (ids.length === 0) return batches;
  const rows = await db
    .selectFrom('part_incoming')
    .select(['part_id', 'quantity', 'expected_at'])
    .where('part_id', 'in', ids)
    .orderBy('part_id')
    .orderBy('batch_no')
    .execute();
  for (const row of rows) {
    const list = batches.get(row.part_id) ?? [];
    list.push({ quantity: Number(row.quantity), expectedAt: row.expected_at });
    batches.set(row.part_id, list);
  }
  return batches;
}

/** Batches kept in a part's order: by expected day. */
export const byExpectedDay = (batches: readonly IncomingBatch[]): IncomingBatch[] =>
  [...batches].sort((a, b) => a.expectedAt.localeCompare(b.expectedAt));

/** Writes parts' incoming batches (they have none yet), numbered by expected day. */
export async function insertBatches(
  db: Database,
  parts: readonly { partId: string; batches: readonly IncomingBatch[] }[],
): Promise<void> {
  const rows = parts.flatMap(({ partId, batches }) =>
    byExpectedDay(batches).map((batch, batch_no) => ({
      part_id: partId,
      batch_no,
      quantity: batch.quantity,
      expected_at: batch.expectedAt,
    })),
  );
  // Rows per statement: well below both databases' parameter limits.
  for (let at = 0; at < rows.length; at += 200)
    await db
      .insertInto('part_incoming')
      .values(rows.slice(at, at + 200))
      .execute();
}

/** The pieces orders wait for, of these parts (the waiting lines' index, migration 0036). */
async function waitingOf(db: Database, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('order_lines')
    .select(['part_id', sql<number>`sum(backordered)`.as('waiting')])
    .where('part_id', 'in', ids)
    .where('backordered', '>', 0)
    .groupBy('part_id')
    .execute();
  return new Map(rows.map((row) => [row.part_id, Number(row.waiting)]));
}

/** The parts as the API answers them with their incoming batches and waiting pieces (two reads). */
export async function withAvailability(db: Database, list: Part[]): Promise<Part[]> {
  const ids = list.filter((part) => part.backorderable || part.available_quantity === 0).map((p) => p._id);
  const all = list.map((part) => part._id);
  const [batches, waiting] = await Promise.all([batchesOf(db, all), waitingOf(db, ids)]);
  return list.map((part) => ({
    ...part,
    incoming: batches.get(part._id) ?? [],
    backordered: waiting.get(part._id) ?? 0,
  }));
}

/** What plans the waiting pieces of these parts (an order's lines' expected days). */
export async function planningOf(db: Database, ids: readonly string[]): Promise<Map<string, PartPlanning>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const [rows, batches, waiting] = await Promise.all([
    db.selectFrom('parts').select(['id', 'lead_time_days']).where('id', 'in', unique).execute(),
    batchesOf(db, unique),
    waitingOf(db, unique),
  ]);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        incoming: batches.get(row.id) ?? [],
        ...(row.lead_time_days === null ? {} : { leadTimeDays: Number(row.lead_time_days) }),
        backordered: waiting.get(row.id) ?? 0,
      },
    ]),
  );
}

/**
 * Takes `quantity` received pieces off the part's incoming batches, earliest expected first (a
 * batch that arrived whole goes); in the receipt's transaction.
 */
export async function consumeIncoming(db: Database, partId: string, quantity: number): Promise<void> {
  let rest = quantity;
  const batches = await db
    .selectFrom('part_incoming')
    .select(['batch_no', 'quantity'])
    .where('part_id', '=', partId)
    .orderBy('batch_no')
    .execute();
  for (const batch of batches) {
    if (rest === 0) break;
    const pieces = Number(batch.quantity);
    if (pieces <= rest)
      await db
        .deleteFrom('part_incoming')
        .where('part_id', '=', partId)
        .where('batch_no', '=', batch.batch_no)
        .execute();
    else
      await db
        .updateTable('part_incoming')
        .set({ quantity: pieces - rest })
        .where('part_id', '=', partId)
        .where('batch_no', '=', batch.batch_no)
        .execute();
    rest -= Math.min(pieces, rest);
  }
}
