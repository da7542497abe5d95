import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { DB, NewOrder, OrderRow } from '../../db/schema.js';
import { containsPattern } from '../../db/text-search.js';

/**
 * Takes `quantity` pieces from the part's stock in one conditional update, so that buyers racing
 * for the same pieces can never take more than there are, and answers what the order needs of the
 * part (its id as stored, its name and price) from the same statement. Undefined when the part is
 * missing or deleted, or the quantity is below its minimum or above what is left.
 */
export function takeStock(
  db: Database,
  partId: string,
  quantity: number,
): Promise<{ id: string; name: string; price_per_piece: number } | undefined> {
  return db
    .updateTable('parts')
    .set({ available_quantity: sql`available_quantity - ${quantity}` })
    .where('id', '=', partId)
    .where('deleted_at', 'is', null)
    .where('available_quantity', '>=', quantity)
    .where('min_order_quantity', '<=', quantity)
    .returning(['id', 'name', 'price_per_piece'])
    .executeTakeFirst();
}

export async function returnStock(db: Database, partId: string, quantity: number): Promise<void> {
  await db
    .updateTable('parts')
    .set({ available_quantity: sql`available_quantity + ${quantity}` })
    .where('id', '=', partId)
    .execute();
}

export async function insertOrder(db: Database, order: NewOrder): Promise<void> {
  await db.insertInto('orders').values(order).execute();
}

/** A paid order's invoice number, read with the order (null while it is unpaid). */
const invoiceNumber = (eb: ExpressionBuilder<DB, 'orders'>) =>
  eb
    .selectFrom('invoices')
    .select('invoices.number')
    .whereRef('invoices.order_id', '=', 'orders.id')
    .as('invoice_number');

export type OrderWithInvoice = OrderRow & { invoice_number: number | null };

export function findOrder(db: Database, id: string): Promise<OrderWithInvoice | undefined> {
  return db.selectFrom('orders').selectAll().select(invoiceNumber).where('id', '=', id).executeTakeFirst();
}

/**
 * Removes the order (and its payment intents) only while it is unpaid; answers what was removed,
 * or nothing if it was paid or gone. Run it in a transaction and roll back when it answers nothing.
 */
export async function deleteUnpaidOrder(db: Database, id: string): Promise<OrderRow | undefined> {
  await db.deleteFrom('payment_intents').where('order_id', '=', id).execute();
  return db
    .deleteFrom('orders')
    .where('id', '=', id)
    .where('paid_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** A page of orders, newest first (all of them, or one buyer's), and how many there are. */
export interface OrderFilter {
  /** Exactly this buyer's orders. */
  email?: string | undefined;
  state?: 'paid' | 'unpaid' | undefined;
  /** A literal piece of the buyer's email. */
  buyer?: string | undefined;
  /** A literal piece of the part's (current) name. */
  part?: string | undefined;
}

function filteredOrders(db: Database, filter: OrderFilter) {
  let query = db.selectFrom('orders');
  if (filter.email) query = query.where('email', '=', filter.email);
  if (filter.state === 'paid') query = query.where('paid_at', 'is not', null);
  if (filter.state === 'unpaid') query = query.where('paid_at', 'is', null);
  if (filter.buyer)
    query = query.where(sql<boolean>`email like ${containsPattern(filter.buyer)} escape '\\'`);
  if (filter.part) {
    const pattern = containsPattern(filter.part);
    query = query.where((eb) =>
      eb(
        'part_id',
        'in',
        eb.selectFrom('parts').select('id').where(sql<boolean>`name_search like ${pattern} escape '\\'`),
      ),
    );
  }
  return query;
}

/** Every order matching the filter, newest first, at most `max` (for the CSV export). */
export function exportOrders(db: Database, filter: OrderFilter, max: number): Promise<OrderRow[]> {
  return filteredOrders(db, filter)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(max)
    .execute();
}

export async function listOrders(
  db: Database,
  filter: OrderFilter & { limit: number; offset: number },
): Promise<{ rows: OrderWithInvoice[]; total: number }> {
  const query = filteredOrders(db, filter);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .select(invoiceNumber)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Unpaid orders placed before `cutoff` (oldest first). */
export function unpaidOrdersBefore(db: Database, cutoff: string) {
  return db
    .selectFrom('orders')
    .select(['id'])
    .where('paid_at', 'is', null)
    .where('created_at', '<', cutoff)
    .orderBy('created_at')
    .limit(500)
    .execute();
}
