import type { Database } from '../../db/database.js';

/** How an invoice number is written: INV- and six digits (more once the shop passes 999,999). */
export function formatInvoiceNumber(number: number): string {
  return `INV-${String(number).padStart(6, '0')}`;
}

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
