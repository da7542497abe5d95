import type { Order } from '@shop/contract/orders';
import { formatDollars } from '../../lib/format';

/**
 * Where an order stands, as its buyer, their company admin and the shop's admin read it: taken
 * from what the order carries (docs/product.md, companies).
 */
export type OrderStanding =
  | { kind: 'cancelled' }
  | { kind: 'expired' }
  | { kind: 'pending' }
  | { kind: 'rejected' }
  | { kind: 'paid' }
  | { kind: 'invoiced'; dueDate: string; overdue: boolean }
  | { kind: 'unpaid' };

/** `now`: the moment an invoice is overdue against (its due day passed, UTC). */
export function orderStanding(order: Order, now: Date = new Date()): OrderStanding {
  if (order.paymentId) return { kind: 'paid' };
  if (order.status === 'cancelled') return { kind: 'cancelled' };
  if (order.approval === 'rejected') return { kind: 'rejected' };
  if (order.expiredAt) return { kind: 'expired' };
  if (order.approval === 'pending') return { kind: 'pending' };
  if (order.dueDate)
    return { kind: 'invoiced', dueDate: order.dueDate, overdue: isOverdue(order.dueDate, now) };
  return { kind: 'unpaid' };
}

/** An invoice is overdue once its due day (UTC) is over. */
export function isOverdue(dueDate: string, now: Date = new Date()): boolean {
  return dueDay(dueDate) < now.toISOString().slice(0, 10);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** The due day of an ISO 8601 date or moment, as UTC's calendar day: YYYY-MM-DD. */
const dueDay = (dueDate: string) => dueDate.slice(0, 10);

/**
 * A due date as en-GB writes it, "25 Dec 2026": its UTC day, whatever the reader's zone (the
 * invoice says the same day). Written out, not by Intl (see lib/format.ts).
 */
export function formatDueDate(dueDate: string): string {
  const [year = '', month = '', day = ''] = dueDay(dueDate).split('-');
  return `${Number(day)} ${MONTHS[Number(month) - 1] ?? month} ${year}`;
}

/** An order's standing in a few words, for a badge or a cell. */
export function standingLabel(standing: OrderStanding): string {
  switch (standing.kind) {
    case 'cancelled':
      return 'Cancelled';
    case 'expired':
      return 'Expired';
    case 'pending':
      return 'Waiting for approval';
    case 'rejected':
      return 'Rejected';
    case 'paid':
      return 'Paid';
    case 'invoiced':
      return `${standing.overdue ? 'Overdue' : 'Invoiced'}, due ${formatDueDate(standing.dueDate)}`;
    case 'unpaid':
      return 'Awaiting payment';
  }
}

/** The daisyUI badge of each standing. */
export const STANDING_BADGES: Record<OrderStanding['kind'], string> = {
  cancelled: 'badge-neutral',
  expired: 'badge-neutral',
  pending: 'badge-warning',
  rejected: 'badge-error',
  paid: 'badge-success',
  invoiced: 'badge-info',
  unpaid: 'badge-ghost',
};

/**
 * Why a buyer's order waits, in their words: past their monthly limit, with its figure when
 * known (`limit` is undefined when it is not, or when they have none any more).
 */
export function pendingReason(limit: number | undefined): string {
  return limit === undefined
    ? "Waiting for your company's approval: it takes your orders this month past your monthly spending limit."
    : `Waiting for your company's approval: it takes your orders this month past your monthly limit of ${formatDollars(limit)}.`;
}

/** A net-30 order's line for its buyer: "Invoiced INV-000042 — due 25 Dec 2026 (30-day terms)". */
export function invoicedText(order: Pick<Order, 'invoiceNumber' | 'dueDate'>): string {
  const invoice = order.invoiceNumber ? `Invoiced ${order.invoiceNumber}` : 'Invoiced';
  return order.dueDate ? `${invoice} — due ${formatDueDate(order.dueDate)} (30-day terms)` : invoice;
}

/**
 * Why the payment page takes no card for an order, or null when it may: a cancelled one, one
 * waiting for or refused approval, and one on 30-day terms, are not paid by card.
 */
export function cardPaymentRefusal(order: Order): string | null {
  if (order.paymentId || order.expiredAt) return null;
  if (order.status === 'cancelled')
    return 'This order was cancelled: it cannot be paid. Its pieces went back to stock.';
  if (order.approval === 'pending')
    return "This order is waiting for your company's approval: it can be paid once a company admin approves it.";
  if (order.approval === 'rejected') return 'Your company rejected this order: it cannot be paid.';
  if (order.dueDate)
    return `This order is on your company's 30-day terms: no card is needed. ${invoicedText(order)}; pay it by bank transfer.`;
  return null;
}
