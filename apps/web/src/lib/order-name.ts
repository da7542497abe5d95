import type { Order } from '@shop/contract/orders';
import { formatPieces } from './format';

/**
 * An order as a question or a message names it: "order SO-000123 (Flux Pen, 100 pcs)", with
 * "+ 2 more parts" for an order of several lines.
 */
export function orderNamed(order: Pick<Order, 'number' | 'partsName' | 'quantity' | 'lines'>): string {
  const more = Math.max(order.lines.length - 1, 0);
  const rest = more === 0 ? '' : ` + ${more} more ${more === 1 ? 'part' : 'parts'}`;
  return `order ${order.number} (${order.partsName}, ${formatPieces(order.quantity)}${rest})`;
}
