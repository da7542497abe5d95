import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

type Orders = ExpressionBuilder<DB, 'orders'>;

/** A condition on an order, as every predicate below is. */
export type OrderPredicate = (eb: Orders) => Expression<SqlBool>;

/*
 * The states of an order, each named once: every query that asks for one of them, in any module,
 * says it with these predicates. (The running totals' `holdsUnpaid` in totals.ts is the
 * JavaScript twin of `holdsPiecesUnpaid`, for a row already read.)
 */

/**
 * Cancelled: its buyer (or an admin) cancelled it unpaid; its pieces went back. It stays for its
 * buyer to read, and is in no list, count or total unless a caller asks for the cancelled ones.
 */
export const cancelled = (eb: Orders) => eb('orders.cancelled_at', 'is not', null);

/** Not cancelled: what every list of orders holds unless its caller asks for the cancelled ones. */
export const notCancelled = (eb: Orders) => eb('orders.cancelled_at', 'is', null);

/**
 * Unpaid: neither paid, expired nor cancelled (an expired or a cancelled order is neither paid nor
 * unpaid: its pieces went back). Every state below that can be reached unpaid goes through it, so
 * none holds for a cancelled order; a cancelled order was never paid nor invoiced, so neither
 * `shippable` nor `overdue` holds for it either.
 */
export const unpaid = (eb: Orders) =>
  eb.and([
    eb('orders.paid_at', 'is', null),
    eb('orders.expired_at', 'is', null),
    eb('orders.cancelled_at', 'is', null),
  ]);

/**
 * Holds its pieces unpaid, and counts against its buyer's unpaid-order cap: unpaid and not invoiced
 * on account (net 30); waiting for a card payment or for its company's approval.
 */
export const holdsPiecesUnpaid = (eb: Orders) => eb.and([unpaid(eb), eb('orders.due_date', 'is', null)]);

/** An order that does not wait for a company admin's approval (none needed, or given). */
export const awaitsNoApproval = (eb: Orders) =>
  // A literal, not a parameter: a partial index (migration 0023) serves only the queries whose
  // conditions spell out its own.
  eb.or([eb('orders.approval', 'is', null), eb('orders.approval', '=', sql.lit('approved'))]);

/** Card-payable: it holds its pieces unpaid and waits for no approval (nor was it refused). */
export const cardPayable = (eb: Orders) => eb.and([holdsPiecesUnpaid(eb), awaitsNoApproval(eb)]);

/**
 * Awaiting payment: unpaid and waiting for no approval: its card payment, or (invoiced on net-30
 * terms) the bank payment the shop's admin records. What Manage All Order's "to pay" lists.
 */
export const awaitingPayment = (eb: Orders) => eb.and([unpaid(eb), awaitsNoApproval(eb)]);

/** Waiting for a company admin's approval (released or not). */
export const approvalPending = (eb: Orders) => eb('orders.approval', '=', sql.lit('pending'));

/** Awaiting approval: it passes its buyer's limit and waits for a company admin, unpaid, not released. */
export const awaitingApproval = (eb: Orders) => eb.and([approvalPending(eb), unpaid(eb)]);

/** An invoice on account (net 30) not paid yet, and not released. */
export const invoicedUnpaid = (eb: Orders) => eb.and([eb('orders.due_date', 'is not', null), unpaid(eb)]);

/**
 * Shippable: paid, or invoiced on net-30 terms (its invoice has a due date), not expired.
 * (Net-30 orders: docs/api.md, Companies.)
 */
export const shippable = (eb: Orders) =>
  eb.and([
    eb.or([eb('orders.paid_at', 'is not', null), eb('orders.due_date', 'is not', null)]),
    eb('orders.expired_at', 'is', null),
  ]);

/** A shippable order that has not shipped yet: what Manage All Order's "to ship" lists. */
export const awaitingShipment = (eb: Orders) =>
  // A literal, as the partial index of orders to ship (migration 0023) spells it.
  eb.and([eb('orders.fulfilment_status', '=', sql.lit('unfulfilled')), shippable(eb)]);

/** The order's lines with pieces that … (a condition on its order_lines). */
const hasLines = (eb: Orders, column: 'allocated' | 'backordered') =>
  eb.exists(
    eb
      .selectFrom('order_lines')
      .select('order_lines.order_id')
      .whereRef('order_lines.order_id', '=', 'orders.id')
      .where(`order_lines.${column}`, '>', 0),
  );

/**
 * Ready to ship: shippable, not cancelled, with pieces allocated and not shipped; an order that
 * ships complete only once none of its pieces waits. The warehouse's working list.
 */
export const readyToShip = (eb: Orders) =>
  eb.and([
    shippable(eb),
    notCancelled(eb),
    eb('orders.fulfilment_status', 'in', ['unfulfilled', 'partially_shipped']),
    hasLines(eb, 'allocated'),
    eb.or([eb('orders.ship_complete', '=', sql.lit(0)), eb.not(hasLines(eb, 'backordered'))]),
  ]);

/** Shipped: on its way, or delivered already. What Manage All Order's "shipped" lists. */
export const shipped = (eb: Orders) => eb('orders.fulfilment_status', '<>', sql.lit('unfulfilled'));

/** Net-30 orders not paid by their due date (before `now`). */
export function overdue(db: Database, now: string) {
  return db.selectFrom('orders').where(invoicedUnpaid).where('orders.due_date', '<', now);
}
