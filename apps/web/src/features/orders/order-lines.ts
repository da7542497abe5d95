import type { Order } from '@shop/contract/orders';
import { formatCount, formatPieces } from '../../lib/format';

/** How many parts an order holds beyond its first line (the part its row names). */
export const moreParts = (order: Pick<Order, 'lines'>): number => Math.max(order.lines.length - 1, 0);

/** "+ 1 more part", "+ 2 more parts": what a row of several lines says under its first part. */
export function morePartsText(count: number): string {
  return `+ ${count} more ${count === 1 ? 'part' : 'parts'}`;
}

/**
 * What a row's Quantity shows: a one-line order's pieces (docs/product.md §3); for an order of
 * several lines how many parts it holds, never their pieces added up (20 pcs of one part and 100 of
 * another are not 120 of anything: each line shows its own).
 */
export function orderQuantityText(order: Pick<Order, 'quantity' | 'lines'>): string {
  return order.lines.length > 1 ? `${formatCount(order.lines.length)} parts` : formatPieces(order.quantity);
}

/** What Buy again does: a one-line order opens its part's purchase page with its quantity; several lines go to the order builder. */
export type BuyAgain =
  | { kind: 'purchase'; href: string }
  | { kind: 'builder'; lines: { partsId: string; quantity: number; reference?: string }[] };

export function buyAgain(order: Pick<Order, 'partsId' | 'quantity' | 'lines'>): BuyAgain {
  if (order.lines.length <= 1)
    return {
      kind: 'purchase',
      href: `/purchase/${encodeURIComponent(order.partsId)}?quantity=${order.quantity}`,
    };
  return {
    kind: 'builder',
    lines: order.lines.map(({ partsId, quantity, reference }) => ({
      partsId,
      quantity,
      ...(reference ? { reference } : {}),
    })),
  };
}
