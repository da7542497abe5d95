import type { Received } from '@shop/contract/availability';
import type { Part } from '@shop/contract/parts';
import { formatCount } from '../../lib/format';

/** The Availability form's fields as typed: the lead time empty while unknown. */
export interface IncomingFields {
  backorderable: boolean;
  leadTimeDays: string;
  batches: { quantity: string; expectedAt: string }[];
}

/** The part's availability as the form starts from it. */
export function toIncomingFields(
  part: Pick<Part, 'backorderable' | 'leadTimeDays' | 'incoming'>,
): IncomingFields {
  return {
    backorderable: part.backorderable,
    leadTimeDays: part.leadTimeDays === undefined ? '' : String(part.leadTimeDays),
    batches: part.incoming.map((batch) => ({
      quantity: String(batch.quantity),
      expectedAt: batch.expectedAt,
    })),
  };
}

/** Pieces on their way in all the batches. */
export const incomingTotal = (batches: readonly { quantity: number }[]) =>
  batches.reduce((sum, batch) => sum + batch.quantity, 0);

const plural = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/**
 * Where received pieces went, in words: "600 to 3 waiting orders, 100 to stock"
 * (`quantity`: the pieces received).
 */
export function receivedText(received: Received, quantity: number): string {
  const toOrders = received.allocated.reduce((sum, order) => sum + order.quantity, 0);
  const orders = new Set(received.allocated.map((order) => order.orderId)).size;
  const toStock = quantity - toOrders;
  const parts = [
    toOrders > 0 && `${formatCount(toOrders)} to ${plural(orders, 'waiting order', 'waiting orders')}`,
    (toStock > 0 || toOrders === 0) && `${formatCount(toStock)} to stock`,
  ].filter(Boolean);
  return parts.join(', ');
}
