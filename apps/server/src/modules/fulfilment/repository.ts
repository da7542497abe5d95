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
  return db
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
    .returningAll()
    .executeTakeFirst();
}

/** Marks a shipped order delivered (once, however many try); answers it as it is now, or nothing. */
export function markDelivered(db: Database, id: string, at: string): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set({ fulfilment_status: 'delivered', delivered_at: at })
    .where('id', '=', id)
    .where('fulfilment_status', '=', 'shipped')
    .returningAll()
    .executeTakeFirst();
}
