import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { OrderRow } from '../../db/schema.js';
import { shippable } from '../orders/index.js';

/**
 * Marks the order shipped, only while it is shippable (paid, or invoiced on net-30 terms) and
 * unfulfilled: of admins marking it at once, exactly one changes it. Answers the order as it is
 * now, or nothing.
 */
export function markShipped(
  db: Database,
  id: string,
  shipment: { carrier: string; trackingNumber: string; at: string },
): Promise<OrderRow | undefined> {
  return (
    db
      .updateTable('orders')
      .set({
        fulfilment_status: 'shipped',
        carrier: shipment.carrier,
        tracking_number: shipment.trackingNumber,
        shipped_at: shipment.at,
      })
      .where('id', '=', id)
      .where('fulfilment_status', '=', 'unfulfilled')
      .where(shippable)
      // Whole: every piece allocated, none waiting (a backorder ships as shipments).
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('order_lines')
              .select('order_lines.order_id')
              .whereRef('order_lines.order_id', '=', 'orders.id')
              .where('order_lines.backordered', '>', 0),
          ),
        ),
      )
      .returningAll()
      .executeTakeFirst()
  );
}

/** The whole order's pieces, all allocated, go in one shipment (the order's whole-order ship). */
export async function shipEverything(
  db: Database,
  orderId: string,
  shipment: { id: string; carrier: string; trackingNumber: string; at: string },
): Promise<void> {
  const lines = await db
    .selectFrom('order_lines')
    .select(['part_id', 'allocated'])
    .where('order_id', '=', orderId)
    .where('allocated', '>', 0)
    .execute();
  await db
    .updateTable('order_lines')
    .set({ shipped: sql`shipped + allocated`, allocated: 0 })
    .where('order_id', '=', orderId)
    .execute();
  await insertShipment(db, {
    ...shipment,
    orderId,
    lines: lines.map((line) => ({ partsId: line.part_id, quantity: Number(line.allocated) })),
  });
}

/** Marks a shipped order delivered (once, however many try); answers it as it is now, or nothing. */
export function markDelivered(db: Database, id: string, at: string): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set({ fulfilment_status: 'delivered', delivered_at: at })
    .where('id', '=', id)
    .where('fulfilment_status', '=', 'shipped')
    .returningAll()
    .executeTakeFirst()
    .then(async (row) => {
      if (row)
        await db
          .updateTable('shipments')
          .set({ status: 'delivered', delivered_at: at })
          .where('order_id', '=', id)
          .where('status', '=', 'shipped')
          .execute();
      return row;
    });
}

/**
 * Moves `quantity` pieces of the order's line for the part from allocated to shipped, only while
 * that many are allocated (one conditional update); false when they are not.
 */
export async function shipPieces(
  db: Database,
  orderId: string,
  partId: string,
  quantity: number,
): Promise<boolean> {
  const result = await db
    .updateTable('order_lines')
    .set({ allocated: sql`allocated - ${quantity}`, shipped: sql`shipped + ${quantity}` })
    .where('order_id', '=', orderId)
    .where('part_id', '=', partId)
    .where('allocated', '>=', quantity)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertShipment(
  db: Database,
  shipment: {
    id: string;
    orderId: string;
    lines: readonly { partsId: string; quantity: number }[];
    carrier: string;
    trackingNumber: string;
    at: string;
  },
): Promise<void> {
  await db
    .insertInto('shipments')
    .values({
      id: shipment.id,
      order_id: shipment.orderId,
      carrier: shipment.carrier,
      tracking_number: shipment.trackingNumber,
      status: 'shipped',
      shipped_at: shipment.at,
      delivered_at: null,
    })
    .execute();
  if (shipment.lines.length > 0)
    await db
      .insertInto('shipment_lines')
      .values(
        shipment.lines.map((line) => ({
          shipment_id: shipment.id,
          part_id: line.partsId,
          quantity: line.quantity,
        })),
      )
      .execute();
}

/**
 * After a shipment: the order is shipped when no piece is left to ship (none allocated, none
 * waiting), else partially shipped; the order keeps the latest shipment's carrier and tracking
 * number and when its first shipped. Answers its status.
 */
export async function markShipmentSent(
  db: Database,
  orderId: string,
  shipment: { carrier: string; trackingNumber: string },
  at: string,
): Promise<'shipped' | 'partially_shipped'> {
  const left = await db
    .selectFrom('order_lines')
    .select('order_id')
    .where('order_id', '=', orderId)
    .where((eb) => eb.or([eb('allocated', '>', 0), eb('backordered', '>', 0)]))
    .executeTakeFirst();
  const status = left ? 'partially_shipped' : 'shipped';
  await db
    .updateTable('orders')
    .set({
      fulfilment_status: status,
      carrier: shipment.carrier,
      tracking_number: shipment.trackingNumber,
      shipped_at: sql`coalesce(shipped_at, ${at})`,
    })
    .where('id', '=', orderId)
    .execute();
  return status;
}

/** Marks the order's shipment delivered, once; says what it found otherwise. */
export async function markShipmentDelivered(
  db: Database,
  orderId: string,
  shipmentId: string,
  at: string,
): Promise<'delivered' | 'delivered already' | 'missing'> {
  const result = await db
    .updateTable('shipments')
    .set({ status: 'delivered', delivered_at: at })
    .where('id', '=', shipmentId)
    .where('order_id', '=', orderId)
    .where('status', '=', 'shipped')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return 'delivered';
  const found = await db
    .selectFrom('shipments')
    .select('id')
    .where('id', '=', shipmentId)
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return found ? 'delivered already' : 'missing';
}

/** The order is delivered once it has shipped whole and each of its shipments is delivered. */
export async function deliverWhenAllDelivered(db: Database, orderId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ fulfilment_status: 'delivered', delivered_at: at })
    .where('id', '=', orderId)
    .where('fulfilment_status', '=', 'shipped')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('shipments')
            .select('shipments.id')
            .whereRef('shipments.order_id', '=', 'orders.id')
            .where('shipments.status', '=', 'shipped'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
