import { sql } from 'kysely';
import { nowIso } from '../../clock.js';
import { chunks } from '../../db/chunks.js';
import type { Database } from '../../db/database.js';
import type { MailOutbox } from '../mail/index.js';
import { emitWebhookEvent } from '../webhooks/index.js';

/*
 * Backorders: the pieces an order's lines wait for, and the pieces that come into stock going to
 * them first, oldest order first. Conserved throughout: a part's stock, plus its pieces allocated
 * to lines, plus its pieces shipped, changes only by what the shop receives (or its admin sets).
 */

/** Pieces of a part that went to a waiting order. */
export interface Allocation {
  orderId: string;
  partId: string;
  quantity: number;
}

/** How many waiting lines one read takes (the loop reads on while stock is left). */
const PAGE = 100;

/**
 * Moves the part's stock to the lines waiting for it, oldest order first, each line's waiting
 * pieces becoming allocated; what is left stays in stock. The caller holds the part's row locked
 * (stock.ts lockParts, or the update that added the pieces), so its stock is read as it is; each
 * line changes by a conditional update, which a line whose pieces were dropped meanwhile fails.
 * Expired, cancelled and rejected orders wait for nothing (their lines were emptied).
 */
export async function fillBackorders(db: Database, partId: string): Promise<Allocation[]> {
  const part = await db
    .selectFrom('parts')
    .select('available_quantity')
    .where('id', '=', partId)
    .executeTakeFirst();
  let stock = Math.max(Number(part?.available_quantity ?? 0), 0);
  const allocations: Allocation[] = [];
  let after: { created_at: string; order_id: string; line_no: number } | undefined;
  while (stock > 0) {
    let query = db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select(['order_lines.order_id', 'order_lines.line_no', 'order_lines.backordered', 'orders.created_at'])
      .where('order_lines.part_id', '=', partId)
      .where('order_lines.backordered', '>', 0)
      .orderBy('orders.created_at')
      .orderBy('order_lines.order_id')
      .orderBy('order_lines.line_no')
      .limit(PAGE);
    if (after) {
      const { created_at, order_id, line_no } = after;
      query = query.where((eb) =>
        eb.or([
          eb('orders.created_at', '>', created_at),
          eb.and([eb('orders.created_at', '=', created_at), eb('order_lines.order_id', '>', order_id)]),
          eb.and([
            eb('orders.created_at', '=', created_at),
            eb('order_lines.order_id', '=', order_id),
            eb('order_lines.line_no', '>', line_no),
          ]),
        ]),
      );
    }
    const waiting = await query.execute();
    for (const line of waiting) {
      const pieces = Math.min(stock, Number(line.backordered));
      const moved = await db
        .updateTable('order_lines')
        .set({ allocated: sql`allocated + ${pieces}`, backordered: sql`backordered - ${pieces}` })
        .where('order_id', '=', line.order_id)
        .where('line_no', '=', line.line_no)
        .where('backordered', '>=', pieces)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) continue;
      allocations.push({ orderId: line.order_id, partId, quantity: pieces });
      stock -= pieces;
      if (stock === 0) break;
    }
    const last = waiting.at(-1);
    if (!last || waiting.length < PAGE) break;
    after = { created_at: last.created_at, order_id: last.order_id, line_no: Number(last.line_no) };
  }
  const taken = allocations.reduce((sum, a) => sum + a.quantity, 0);
  if (taken > 0)
    await db
      .updateTable('parts')
      .set({ available_quantity: sql`available_quantity - ${taken}` })
      .where('id', '=', partId)
      .execute();
  return allocations;
}

/**
 * Serves the orders waiting for the part from its stock, and mails the buyers of those now ready;
 * in the caller's transaction, which holds the part's row (it just changed its stock).
 */
export async function serveWaiting(
  db: Database,
  mail: MailOutbox | undefined,
  partId: string,
): Promise<void> {
  await mailReady(db, mail, await fillBackorders(db, partId));
}

/** Of these orders, the ones no line of which waits any more (ready to ship whole). */
export async function readyOrders(db: Database, orderIds: readonly string[]): Promise<string[]> {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return [];
  const waiting = await db
    .selectFrom('order_lines')
    .select('order_id')
    .distinct()
    .where('order_id', 'in', ids)
    .where('backordered', '>', 0)
    .execute();
  const still = new Set(waiting.map((row) => row.order_id));
  return ids.filter((id) => !still.has(id));
}

/**
 * For each waiting line of these orders, the pieces of its part that older orders wait for
 * (ahead of it in the queue), by `orderId/partId`.
 */
export async function waitingAhead(db: Database, orderIds: readonly string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const parts = db
    .selectFrom('order_lines')
    .select('part_id')
    .where('order_id', 'in', orderIds)
    .where('backordered', '>', 0);
  const rows = await db
    .selectFrom(
      db
        .selectFrom('order_lines')
        .innerJoin('orders', 'orders.id', 'order_lines.order_id')
        .select([
          'order_lines.order_id',
          'order_lines.part_id',
          sql<number>`sum(order_lines.backordered) over (partition by order_lines.part_id order by orders.created_at, order_lines.order_id, order_lines.line_no) - order_lines.backordered`.as(
            'ahead',
          ),
        ])
        .where('order_lines.backordered', '>', 0)
        .where('order_lines.part_id', 'in', parts)
        .as('queue'),
    )
    .selectAll()
    .where('queue.order_id', 'in', orderIds)
    .execute();
  return new Map(rows.map((row) => [`${row.order_id}/${row.part_id}`, Number(row.ahead)]));
}

/**
 * Mails the buyers of the lines the allocations made ready (none of their pieces waits any more),
 * a mail a line, and tells their webhooks, in the caller's transaction; answers the orders now
 * ready whole.
 */
export async function mailReady(
  db: Database,
  mail: MailOutbox | undefined,
  allocations: readonly Allocation[],
): Promise<string[]> {
  const ready = await readyOrders(
    db,
    allocations.map((a) => a.orderId),
  );
  if (allocations.length === 0) return ready;
  const at = nowIso();
  for (const orderIds of chunks([...new Set(allocations.map((a) => a.orderId))], 500)) {
    const lines = await db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select([
        'order_lines.order_id',
        'order_lines.part_id',
        'orders.email',
        'orders.user_id',
        'orders.company_id',
      ])
      .where('order_lines.order_id', 'in', orderIds)
      .where('order_lines.backordered', '=', 0)
      .execute();
    const arrived = new Set(allocations.map((a) => `${a.orderId}/${a.partId}`));
    for (const line of lines) {
      if (!arrived.has(`${line.order_id}/${line.part_id}`)) continue;
      await mail?.queue(
        db,
        { kind: 'backorder_ready', orderId: line.order_id, partId: line.part_id, recipient: line.email },
        at,
      );
      await emitWebhookEvent(
        db,
        {
          type: 'backorder.ready',
          ownerId: line.user_id,
          companyId: line.company_id,
          data: { orderId: line.order_id, partId: line.part_id },
        },
        at,
      );
    }
  }
  return ready;
}
