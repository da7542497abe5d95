import type { Database } from '../../db/database.js';

/** How an invoice number is written: INV- and six digits (more once the shop passes 999,999). */
export function formatInvoiceNumber(number: number): string {
  return `INV-${String(number).padStart(6, '0')}`;
}

/** How a credit note's number is written: CN- and six digits. */
export function formatCreditNoteNumber(number: number): string {
  return `CN-${String(number).padStart(6, '0')}`;
}

// How an order number is written is the contract's: the audit log names orders by it too.
export { formatOrderNumber } from '@shop/contract/orders';

/**
 * The number `SO-000123` (or `so-123`, `123`) names, or undefined when it names none. At most nine
 * digits: the column is a 32-bit integer, which a larger number would overflow in the query.
 */
export function parseOrderNumber(text: string): number | undefined {
  const match = /^(?:SO-?)?0*([1-9]\d{0,8})$/i.exec(text.trim());
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/**
 * The next number of a counter row, in the caller's transaction: the row stays locked until that
 * transaction ends, so concurrent writers take numbers one after another, and one that rolls back
 * gives its number back (a sequence would keep it: a gap).
 */
async function nextNumber(
  db: Database,
  counter: 'invoice_counter' | 'order_counter' | 'credit_note_counter',
): Promise<number> {
  if (!db.isTransaction) throw new Error(`A number of ${counter} is taken in the transaction that uses it`);
  const row = await db
    .updateTable(counter)
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('id', '=', 1)
    .returning('last_number')
    .executeTakeFirst();
  if (!row) throw new Error(`The ${counter} row is missing: run the migrations`);
  return Number(row.last_number);
}

/** The number of the order being written, taken in the transaction that writes it. */
export const nextOrderNumber = (db: Database): Promise<number> => nextNumber(db, 'order_counter');

/** Gives the order the next invoice number, in the transaction that pays (or invoices) it. */
export async function assignInvoice(db: Database, orderId: string, at: string): Promise<number> {
  const number = await nextNumber(db, 'invoice_counter');
  await db.insertInto('invoices').values({ order_id: orderId, number, issued_at: at }).execute();
  return number;
}

/** The number of a credit note, taken in the transaction that writes it. */
export const nextCreditNoteNumber = (db: Database): Promise<number> => nextNumber(db, 'credit_note_counter');
