import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/**
 * A part's pieces as the shop accounts for them: in stock, plus allocated to order lines, plus
 * shipped (`total`, which only receipts change), and whether pieces wait while stock is left
 * (they never should: what comes into stock goes to the waiting orders first).
 */
export async function conservedPieces(
  db: Database,
  partId: string,
): Promise<{ total: number; waitingWithStock: boolean }> {
  const part = await db
    .selectFrom('parts')
    .select('available_quantity')
    .where('id', '=', partId)
    .executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom('order_lines')
    .select([
      sql<number>`coalesce(sum(allocated + shipped), 0)`.as('held'),
      sql<number>`coalesce(sum(backordered), 0)`.as('waiting'),
    ])
    .where('part_id', '=', partId)
    .executeTakeFirstOrThrow();
  const stock = Number(part.available_quantity);
  return { total: stock + Number(lines.held), waitingWithStock: stock > 0 && Number(lines.waiting) > 0 };
}
