import type { LightMyRequestResponse } from 'fastify';
import type { Database } from '../db/database.js';
import type { OrderRow } from '../db/schema.js';
import type { Caller } from './fixture.js';
import { recountOrderTotals } from './order-totals.js';

/** Where the tests' orders go. */
export const delivery = { mobile: '+880 1712 345678', address: 'House 12, Road 5, Dhanmondi, Dhaka' };

export type OrderLine = { partsId: string; quantity: number };

/** POST /api/orders of these lines (or this one) as the caller, to `delivery` (`extra`: a PO number, say). */
export function order(
  caller: Caller,
  lines: OrderLine | OrderLine[],
  extra: object = {},
): Promise<LightMyRequestResponse> {
  return caller.post('/api/orders', { lines: Array.isArray(lines) ? lines : [lines], ...delivery, ...extra });
}

/** An order placed as the caller; answers its id (anything but 201 fails the test). */
export async function placedOrder(
  caller: Caller,
  lines: OrderLine | OrderLine[],
  extra: object = {},
): Promise<string> {
  const res = await order(caller, lines, extra);
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  return res.json().insertedId;
}

/** POST /api/purchase (the API's first, one-part order) as the caller, to `delivery` unless `extra` says. */
export function purchase(caller: Caller, partsId: string, quantity: unknown, extra: object = {}) {
  return caller.post('/api/purchase', { partsId, quantity, ...delivery, ...extra });
}

/** A one-part order placed as the caller; answers its id (anything but 201 fails the test). */
export async function purchased(caller: Caller, partsId: string, quantity: number): Promise<string> {
  const res = await purchase(caller, partsId, quantity);
  if (res.statusCode !== 201) throw new Error(`purchase failed: ${res.statusCode} ${res.body}`);
  return res.json().insertedId;
}

/** The order as the caller reads it (GET /api/purchaseById). */
export async function readOrder(caller: Caller, id: string) {
  return (await caller.get(`/api/purchaseById/${id}`)).json();
}

/** The caller's cancel of an unpaid order (DELETE /api/purchaseById): its pieces go back. */
export function cancelOrder(caller: Caller, id: string) {
  return caller.delete(`/api/purchaseById/${id}`);
}

/** A company admin's (or the shop admin's) decision on an order waiting for approval. */
export function decideOrder(caller: Caller, id: string, decision: 'approve' | 'reject') {
  return caller.post(`/api/orders/${id}/${decision}`);
}

/** Moves the orders' placing back by `ms`, as if placed that long ago. */
export async function placedAgo(db: Database, ids: string | string[], ms: number): Promise<void> {
  await db
    .updateTable('orders')
    .set({ created_at: new Date(Date.now() - ms).toISOString() })
    .where('id', 'in', Array.isArray(ids) ? ids : [ids])
    .execute();
}

type OrderFacts = Pick<
  OrderRow,
  'id' | 'user_id' | 'user_name' | 'email' | 'part_id' | 'part_name' | 'unit_price' | 'quantity' | 'price'
>;

/** How many order rows the tests of this file wrote (their numbers follow on from 1,000,000). */
let written = 0;

/**
 * An order's row as a test writes it: what the test leaves out as a new order has it (unpaid,
 * unfulfilled, of no company, placed now, delivered to `delivery`, numbered past the orders
 * placed through the API).
 */
export function orderRow(facts: OrderFacts & Partial<OrderRow>): OrderRow {
  return {
    ...delivery,
    number: 1_000_000 + ++written,
    po_number: null,
    payment_id: null,
    payment_intent_id: null,
    created_at: new Date().toISOString(),
    paid_at: null,
    expired_at: null,
    fulfilment_status: 'unfulfilled',
    carrier: null,
    tracking_number: null,
    shipped_at: null,
    delivered_at: null,
    company_id: null,
    approval: null,
    due_date: null,
    settlement_reference: null,
    approved_at: null,
    cancelled_at: null,
    ship_complete: 0,
    ...facts,
  };
}

/**
 * An order on card terms above what a card may pay, as the shop wrote them before it refused
 * them: a placed one-line order whose price (its line's too) becomes `price`, the running totals
 * recounted.
 */
export async function pricedAboveTheCardLimit(db: Database, orderId: string, price: number): Promise<void> {
  await db.updateTable('orders').set({ price }).where('id', '=', orderId).execute();
  await db.updateTable('order_lines').set({ price }).where('order_id', '=', orderId).execute();
  await recountOrderTotals(db);
}
