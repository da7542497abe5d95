import type { Database } from '../../db/database.js';
import type { OrderRow } from '../../db/schema.js';

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
