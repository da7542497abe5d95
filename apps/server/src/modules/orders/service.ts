import { type Order, OUT_OF_RANGE_MESSAGE, type PurchaseBody } from '@shop/contract/orders';
import { newId, nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import type { OrderRow } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../http/app-error.js';
import { type Caller, requireSelfOrAdmin } from '../../http/auth-guard.js';
import { findPart } from '../parts/repository.js';
import * as orders from './repository.js';

export function toOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    userName: row.user_name,
    email: row.email,
    partsId: row.part_id,
    partsName: row.part_name,
    price: Number(row.price),
    quantity: Number(row.quantity),
    mobile: row.mobile,
    address: row.address,
    ...(row.payment_id ? { paymentId: row.payment_id } : {}),
    createdAt: row.created_at,
  };
}

const outOfRange = () => new AppError('quantity_out_of_range', OUT_OF_RANGE_MESSAGE);

/**
 * An order, priced from the database and reserved from stock in the same transaction: the order
 * exists exactly when its pieces were taken.
 */
export async function purchase(db: Database, buyer: Caller, body: PurchaseBody): Promise<string> {
  const part = await findPart(db, body.partsId);
  if (!part) throw notFound('part');
  if (body.quantity < part.min_order_quantity || body.quantity > part.available_quantity) throw outOfRange();
  const id = newId();
  await db.transaction().execute(async (trx) => {
    // Another buyer may have taken pieces since the part was read: the update decides.
    if (!(await orders.reserveStock(trx, part.id, body.quantity))) throw outOfRange();
    await orders.insertOrder(trx, {
      id,
      user_id: buyer.id,
      user_name: buyer.name,
      email: buyer.email,
      part_id: part.id,
      part_name: part.name,
      unit_price: part.price_per_piece,
      quantity: body.quantity,
      price: body.quantity * part.price_per_piece,
      mobile: body.mobile,
      address: body.address,
      payment_id: null,
      payment_intent_id: null,
      created_at: nowIso(),
      paid_at: null,
    });
  });
  return id;
}

/** The order, if the caller may see it (its buyer, or an admin). */
export async function orderFor(db: Database, caller: Caller, id: string): Promise<OrderRow> {
  const row = await orders.findOrder(db, id);
  if (!row) throw notFound('order');
  requireSelfOrAdmin(caller, row.email);
  return row;
}

/**
 * Cancels (deletes) an unpaid order and returns its pieces to stock, in one transaction: a paid
 * order stays (409), and an order deleted twice returns its pieces once (the second is a 404).
 */
export async function cancelOrder(db: Database, caller: Caller, id: string): Promise<void> {
  const row = await orderFor(db, caller, id);
  if (row.paid_at) throw conflict('A paid order cannot be cancelled');
  const lost = new Error('the order was paid or cancelled meanwhile');
  try {
    await db.transaction().execute(async (trx) => {
      const deleted = await orders.deleteUnpaidOrder(trx, id);
      // Nothing to cancel: roll back, so a paid order keeps its payment intents.
      if (!deleted) throw lost;
      await orders.returnStock(trx, deleted.part_id, Number(deleted.quantity));
    });
  } catch (error) {
    if (error !== lost) throw error;
    const now = await orders.findOrder(db, id);
    throw now ? conflict('A paid order cannot be cancelled') : notFound('order');
  }
}

export async function listOrders(db: Database, filter: { email?: string; limit: number; offset: number }) {
  const { rows, total } = await orders.listOrders(db, filter);
  return { orders: rows.map(toOrder), total };
}
