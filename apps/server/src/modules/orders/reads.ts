import type { Database } from '../../db/database.js';
import * as orders from './repository.js';

/*
 * What other modules read of an order to decide on it or write about it (a payment, a shipment,
 * an invoice, a mail). The answer as the API gives it is getOrder's (service.ts).
 */

/** The order as it is stored now, with its invoice number (null while it has none); none if it is gone. */
export function readOrder(db: Database, id: string): Promise<orders.OrderWithInvoice | undefined> {
  return orders.findOrder(db, id);
}

/** The order's lines, in their order. */
export function orderLines(db: Database, orderId: string): Promise<orders.OrderLineRow[]> {
  return orders.linesOf(db, [orderId]);
}
