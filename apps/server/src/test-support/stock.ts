import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/**
 * The stock invariant: for every part, what is available now plus what the lines of its orders
 * (paid or not; an expired or a cancelled order gave its pieces back) hold, allocated or shipped,
 * equals what it started
 * with. `start` maps part id → starting stock.
 */
export async function stockHeldByOrders(
  db: Database,
): Promise<Map<string, { available: number; ordered: number }>> {
  const rows = await db
    .selectFrom('parts')
    .select((eb) => [
      'parts.id as id',
      'parts.available_quantity as available',
      eb
        .selectFrom('order_lines')
        .innerJoin('orders', 'orders.id', 'order_lines.order_id')
        // Set aside for the lines, or shipped: an order's waiting pieces were never in stock.
        .select(sql<number>`coalesce(sum(order_lines.allocated + order_lines.shipped), 0)`.as('held'))
        .whereRef('order_lines.part_id', '=', 'parts.id')
        .where('orders.expired_at', 'is', null)
        .where('orders.cancelled_at', 'is', null)
        .as('ordered'),
    ])
    .execute();
  return new Map(rows.map((r) => [r.id, { available: Number(r.available), ordered: Number(r.ordered) }]));
}

export async function expectStockInvariant(db: Database, start: Map<string, number>): Promise<void> {
  const now = await stockHeldByOrders(db);
  for (const [id, initial] of start) {
    const held = now.get(id);
    if (!held || held.available + held.ordered !== initial) {
      throw new Error(
        `Stock of part ${id} broke: started ${initial}, now ${held?.available} available + ${held?.ordered} ordered`,
      );
    }
    if (held.available < 0) throw new Error(`Stock of part ${id} is negative: ${held.available}`);
  }
}
