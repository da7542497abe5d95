import type { Shipment } from '@shop/contract/availability';
import type { Order, OrderAdjustment, OrderLine } from '@shop/contract/orders';
import { formatDay } from '../../lib/availability';
import { formatCount, formatDollars, formatPieces } from '../../lib/format';

/*
 * Where an order's pieces are, line by line, as its buyer reads it: set aside from stock
 * (allocated), waiting for incoming stock, shipped, or dropped; its shipments and the money owed
 * back for dropped pieces.
 */

/** Whether the order's lines still hold pieces: an expired or cancelled order's hold none. */
export const holdsPieces = (order: Pick<Order, 'status' | 'expiredAt' | 'paymentId'>): boolean =>
  order.status !== 'cancelled' && !(order.expiredAt && !order.paymentId);

/** "600 allocated · 1,400 waiting, expected 12 Jan 2027 · 200 shipped · 100 dropped": what is above 0. */
export function lineProgressText(
  line: Pick<OrderLine, 'allocated' | 'backordered' | 'shipped' | 'dropped' | 'expectedAt'>,
): string {
  const waiting = line.expectedAt
    ? `waiting, expected ${formatDay(line.expectedAt)}`
    : 'waiting (date not yet known)';
  return [
    [line.allocated, 'allocated'],
    [line.backordered, waiting],
    [line.shipped, 'shipped'],
    [line.dropped, 'dropped'],
  ]
    .filter(([count]) => (count as number) > 0)
    .map(([count, what]) => `${formatCount(count as number)} ${what}`)
    .join(' · ');
}

/**
 * Whether an order's lines are worth a line each on My Order: some piece waits, shipped in part
 * or dropped (an order whose every piece is set aside reads as its timeline says).
 */
export const tellsLines = (order: Pick<Order, 'lines'>): boolean =>
  order.lines.some((line) => line.backordered > 0 || line.dropped > 0 || line.shipped > 0);

/** A shipment's lines by their parts' names in the order: "600 pcs Crimping Tool". */
export function shipmentLinesText(shipment: Pick<Shipment, 'lines'>, order: Pick<Order, 'lines'>): string[] {
  return shipment.lines.map((line) => {
    const name = order.lines.find((ordered) => ordered.partsId === line.partsId)?.partsName ?? 'A part';
    return `${formatPieces(line.quantity)} ${name}`;
  });
}

/** "Refund due $1,400", "Credit note CN-000001 $1,400". */
export function adjustmentText(adjustment: Pick<OrderAdjustment, 'kind' | 'amount' | 'number'>): string {
  const amount = formatDollars(adjustment.amount);
  if (adjustment.kind === 'refund_due') return `Refund due ${amount}`;
  return `Credit note${adjustment.number ? ` ${adjustment.number}` : ''} ${amount}`;
}

/** What dropping a line's waiting pieces means for the order's money, for 'Are you sure?'. */
export function dropQuestion(
  order: Pick<Order, 'number' | 'paymentId' | 'dueDate'>,
  line: OrderLine,
): string {
  const what = `Drop the ${formatPieces(line.backordered)} of ${line.partsName} still waiting on order ${order.number}.`;
  if (order.paymentId) return `${what} Their price is refunded to you.`;
  if (order.dueDate) return `${what} A credit note is issued for their price.`;
  return `${what} The order costs less by their price.`;
}
