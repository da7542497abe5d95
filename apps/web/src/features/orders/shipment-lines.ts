import type { ShipmentInput } from '@shop/contract/availability';
import type { Order } from '@shop/contract/orders';
import { formatCount } from '../../lib/format';

/*
 * An order shipped in parcels (docs/api.md, "Availability"): which of its pieces may go now, and
 * what the admin's Ship form sends.
 */

type Lines = Pick<Order, 'lines'>;

/** Paid, or invoiced on net-30 terms, and neither expired nor cancelled: the shop may ship it. */
const shippable = (order: Pick<Order, 'paymentId' | 'dueDate' | 'expiredAt' | 'status'>) =>
  (order.paymentId !== undefined || !!order.dueDate) && !order.expiredAt && order.status !== 'cancelled';

/** Whether pieces of the order still wait for stock. */
export const waitsForPieces = (order: Lines) => order.lines.some((line) => line.backordered > 0);

/** The order's lines with pieces allocated and not shipped yet: what a parcel may take. */
export const shippableLines = (order: Lines) => order.lines.filter((line) => line.allocated > 0);

/**
 * Whether a parcel may go now (the API's `ready_to_ship`): the order may ship, has not shipped
 * whole, has pieces allocated, and, if it ships complete, has none still waiting.
 */
export function takesParcel(order: Order): boolean {
  return (
    shippable(order) &&
    (order.fulfilment.status === 'unfulfilled' || order.fulfilment.status === 'partially_shipped') &&
    shippableLines(order).length > 0 &&
    !(order.shipComplete && waitsForPieces(order))
  );
}

/** Whether the whole-order "Mark shipped" applies: nothing shipped yet and no piece waiting. */
export const shipsWhole = (order: Order) =>
  shippable(order) && order.fulfilment.status === 'unfulfilled' && !waitsForPieces(order);

/**
 * Whether the order's shipping shows each parcel: once it is shipped in part, or in more than one
 * parcel (an order shipped whole, in one, shows its carrier and tracking number as it always did).
 */
export const listsParcels = (order: Pick<Order, 'fulfilment'>) =>
  order.fulfilment.status === 'partially_shipped' || order.fulfilment.shipments.length > 1;

/** The order's pieces by where they stand, added up over its lines. */
export function pieceCounts(order: Lines) {
  return order.lines.reduce(
    (sum, line) => ({
      allocated: sum.allocated + line.allocated,
      backordered: sum.backordered + line.backordered,
      shipped: sum.shipped + line.shipped,
    }),
    { allocated: 0, backordered: 0, shipped: 0 },
  );
}

/** "600 ready, 400 waiting, 200 shipped": where an order's pieces stand (the parts left out that are 0). */
export function pieceCountsText(order: Lines): string {
  const { allocated, backordered, shipped } = pieceCounts(order);
  return [
    allocated > 0 && `${formatCount(allocated)} ready`,
    backordered > 0 && `${formatCount(backordered)} waiting`,
    shipped > 0 && `${formatCount(shipped)} shipped`,
  ]
    .filter(Boolean)
    .join(', ');
}

/** What a parcel holds in words: "400 × Hot Air Rework Station; 20 × Flux Pen". */
export function parcelText(order: Lines, lines: readonly { partsId: string; quantity: number }[]): string {
  const names = new Map(order.lines.map((line) => [line.partsId, line.partsName]));
  return lines
    .map((line) => `${formatCount(line.quantity)} × ${names.get(line.partsId) ?? 'a part no longer listed'}`)
    .join('; ');
}

/** The Ship form's quantities as it opens: every allocated piece of each line. */
export const defaultParcel = (order: Lines): string[] =>
  shippableLines(order).map((line) => String(line.allocated));

/** The body of `POST …/shipments` from the form: the lines with pieces in this parcel. */
export function shipmentBody(
  order: Lines,
  fields: { quantities: readonly number[]; carrier: string; trackingNumber: string },
): ShipmentInput {
  const lines = shippableLines(order)
    .map((line, index) => ({ partsId: line.partsId, quantity: fields.quantities[index] ?? 0 }))
    .filter((line) => line.quantity > 0);
  return { lines, carrier: fields.carrier, trackingNumber: fields.trackingNumber };
}
