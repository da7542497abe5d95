import type { Database } from '../../db/database.js';
import type { OrderRow } from '../../db/schema.js';

/**
 * Gives the order the next invoice number. Run it in the transaction that marks the order paid:
 * the counter's row stays locked until that transaction ends, so concurrent payers take numbers
 * one after another, and a payment that rolls back gives its number back.
 */
export async function assignInvoice(db: Database, orderId: string, at: string): Promise<number> {
  if (!db.isTransaction) throw new Error('An invoice is assigned in the transaction that pays the order');
  const counter = await db
    .updateTable('invoice_counter')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('id', '=', 1)
    .returning('last_number')
    .executeTakeFirst();
  if (!counter) throw new Error('The invoice counter is missing: run the migrations');
  const number = Number(counter.last_number);
  await db.insertInto('invoices').values({ order_id: orderId, number, issued_at: at }).execute();
  return number;
}

export type InvoicedOrder = OrderRow & { invoice_number: number | null; issued_at: string | null };

/** The order with its invoice (number and issue date, null while it is unpaid). */
export function findInvoicedOrder(db: Database, orderId: string): Promise<InvoicedOrder | undefined> {
  return db
    .selectFrom('orders')
    .leftJoin('invoices', 'invoices.order_id', 'orders.id')
    .selectAll('orders')
    .select(['invoices.number as invoice_number', 'invoices.issued_at as issued_at'])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
}
