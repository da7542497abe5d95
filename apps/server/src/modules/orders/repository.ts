import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/database.js';
import type { DB, NewOrder, OrderLineRow, OrderRow } from '../../db/schema.js';
import {
  approvalPending,
  awaitingApproval,
  awaitsNoApproval,
  cardPayable,
  holdsPiecesUnpaid,
  invoicedUnpaid,
} from './predicates.js';

/*
 * An order and its lines as stored, and each change of its state as one conditional update: of
 * callers changing an order at once, exactly one does. Its stock is stock.ts's, its buyer's
 * running totals totals.ts's, its lists order-lists.ts's and what the background work looks for
 * due-orders.ts's.
 */

export type { OrderLineRow };

/** The order and its lines (the order's part columns repeat its line 0). */
export async function insertOrder(db: Database, order: NewOrder, lines: OrderLineRow[]): Promise<void> {
  await db.insertInto('orders').values(order).execute();
  await db.insertInto('order_lines').values(lines).execute();
}

/** The lines of these orders, each order's in their order. */
export function linesOf(db: Database, orderIds: readonly string[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('line_no')
    .execute();
}

/** A paid order's invoice number, read with the order (null while it is unpaid). */
export const invoiceNumber = (eb: ExpressionBuilder<DB, 'orders'>) =>
  eb
    .selectFrom('invoices')
    .select('invoices.number')
    .whereRef('invoices.order_id', '=', 'orders.id')
    .as('invoice_number');

/** The name of the order's company as it is now, read with the order (null for a buyer of no company). */
export const companyName = (eb: ExpressionBuilder<DB, 'orders'>) =>
  eb
    .selectFrom('companies')
    .select('companies.name')
    .whereRef('companies.id', '=', 'orders.company_id')
    .as('company_name');

/** What the lists and single reads add to an order's row: its invoice's number and its company's name. */
export const readWithOrder = [invoiceNumber, companyName];

export type OrderWithInvoice = OrderRow & { invoice_number: number | null; company_name: string | null };

export function findOrder(db: Database, id: string): Promise<OrderWithInvoice | undefined> {
  return db.selectFrom('orders').selectAll().select(readWithOrder).where('id', '=', id).executeTakeFirst();
}

/**
 * Marks the order cancelled at `at` in one conditional update, only while it is unpaid (not
 * expired, not cancelled yet), not invoiced and not shipped: of cancels and payments at once,
 * exactly one changes it. Its payment intents are marked canceled first (they were cancelled at the
 * provider before; a payment takes an intent's row before its order's, and so does this, so the
 * two never wait on each other in a circle). Answers the order as it is now, with its lines, or
 * nothing if it was paid, expired, cancelled, shipped or gone.
 * Run it in a transaction and roll back when it answers nothing.
 */
export async function cancelUnpaidOrder(
  db: Database,
  id: string,
  at: string,
): Promise<{ order: OrderRow; lines: OrderLineRow[] } | undefined> {
  await db
    .updateTable('payment_intents')
    .set({ status: 'canceled', updated_at: at })
    .where('order_id', '=', id)
    .where('status', 'not in', ['succeeded', 'refund_due', 'canceled'])
    .execute();
  const order = await db
    .updateTable('orders')
    .set({ cancelled_at: at })
    .where('id', '=', id)
    // An invoiced (net-30) order keeps its number (the invoices' numbers have no gaps), and a
    // shipped one is on its way: neither is ever cancelled.
    .where(holdsPiecesUnpaid)
    .where('fulfilment_status', '=', 'unfulfilled')
    .returningAll()
    .executeTakeFirst();
  return order && { order, lines: await linesOf(db, [id]) };
}

/**
 * Marks the order expired, only while it is unpaid and not expired yet (of two servers releasing
 * it, one changes it) and still as it was found due: waiting for approval (`pending`), or not
 * (an order approved meanwhile starts its unpaid time afresh, and is not released now). Answers
 * the order as it was, or nothing.
 */
export function expireUnpaidOrder(
  db: Database,
  id: string,
  at: string,
  pending: boolean,
): Promise<OrderRow | undefined> {
  return (
    db
      .updateTable('orders')
      .set({ expired_at: at })
      .where('id', '=', id)
      .where(holdsPiecesUnpaid)
      .where('fulfilment_status', '=', 'unfulfilled')
      // Not pending: card-payable (cardPayable's conditions).
      .where(pending ? approvalPending : awaitsNoApproval)
      .returningAll()
      .executeTakeFirst()
  );
}

/** Makes an expired, unpaid order open again (its payment arrived late); false if it was not so. */
export async function reopenExpiredOrder(db: Database, id: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ expired_at: null })
    .where('id', '=', id)
    .where('paid_at', 'is', null)
    .where('expired_at', 'is not', null)
    // A rejected order stays rejected, and one released while it waited for approval was never
    // approved: no payment for either is ever asked for.
    .where(awaitsNoApproval)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks the order expired at `at` again (a late payment's order whose pieces were gone). */
export async function setExpired(db: Database, id: string, at: string): Promise<void> {
  await db.updateTable('orders').set({ expired_at: at }).where('id', '=', id).execute();
}

/**
 * Approves a pending order in one conditional update (of an approve and a reject at once, one
 * changes it), only by `approverId` as they are when it runs: an admin of the order's company who
 * is not the shop's admin, and not the order's buyer. A net-30 order is given its due date in the
 * same update. Answers the order as it is now, or nothing when it was not pending (or the approver
 * may not approve it).
 */
export function approvePending(
  db: Database,
  id: string,
  approverId: string,
  at: string,
  dueDate: string | null,
): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set({ approval: 'approved', approved_at: at, due_date: dueDate })
    .where('id', '=', id)
    .where(awaitingApproval)
    .where('user_id', '<>', approverId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('company_members')
          .innerJoin('users', 'users.id', 'company_members.user_id')
          .select('company_members.user_id')
          .whereRef('company_members.company_id', '=', 'orders.company_id')
          .where('company_members.user_id', '=', approverId)
          .where('company_members.role', '=', 'admin')
          .where('users.role', 'is', null),
      ),
    )
    .returningAll()
    .executeTakeFirst();
}

/**
 * Rejects a pending order in one conditional update: it is marked rejected and expired (its
 * pieces go back, it can be neither paid nor cancelled). Answers the order, or nothing when it
 * was not pending.
 */
export function rejectPending(db: Database, id: string, at: string): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set({ approval: 'rejected', expired_at: at })
    .where('id', '=', id)
    .where(awaitingApproval)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Marks the order paid by a card payment in one conditional update: only while it is card-payable
 * (unpaid, not invoiced on account, waiting for no approval). Answers the order as it is now, or
 * nothing.
 */
export function markCardPaid(
  db: Database,
  id: string,
  paymentId: string,
  at: string,
): Promise<OrderRow | undefined> {
  return (
    db
      .updateTable('orders')
      .set({ payment_id: paymentId, payment_intent_id: paymentId, paid_at: at })
      .where('id', '=', id)
      // A company order pending approval, or invoiced on account, is not paid by card.
      .where(cardPayable)
      .returningAll()
      .executeTakeFirst()
  );
}

/**
 * Records the bank payment of an invoiced net-30 order in one conditional update: only while it
 * is unpaid (of two settlements at once, one pays it). Answers the order, or nothing.
 */
export function settleInvoiced(
  db: Database,
  id: string,
  reference: string,
  at: string,
): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set({ paid_at: at, settlement_reference: reference })
    .where('id', '=', id)
    .where(invoicedUnpaid)
    .returningAll()
    .executeTakeFirst();
}
