import type { Database } from '../../db/database.js';
import type { PaymentIntentsTable } from '../../db/schema.js';

/** An intent as saved: its row without the times, which the save sets. */
export type StoredIntent = Omit<PaymentIntentsTable, 'created_at' | 'updated_at'>;

export async function saveIntent(db: Database, intent: StoredIntent, at: string): Promise<void> {
  await db
    .insertInto('payment_intents')
    .values({ ...intent, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .updateTable('orders')
    .set({ payment_intent_id: intent.id })
    .where('id', '=', intent.order_id)
    .execute();
}

/** An intent of this order for this amount that may still be paid. */
export function openIntent(db: Database, orderId: string, amountCents: number) {
  return db
    .selectFrom('payment_intents')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('amount_cents', '=', amountCents)
    .where('status', 'not in', ['succeeded', 'canceled'])
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export function intentBySecret(db: Database, clientSecret: string) {
  return db
    .selectFrom('payment_intents')
    .selectAll()
    .where('client_secret', '=', clientSecret)
    .executeTakeFirst();
}

export async function intentStatus(db: Database, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('payment_intents').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status;
}

export async function setIntentStatus(db: Database, id: string, status: string, at: string): Promise<void> {
  await db.updateTable('payment_intents').set({ status, updated_at: at }).where('id', '=', id).execute();
}

/** Records a webhook event once; false when it was seen before. */
export async function recordEvent(
  db: Database,
  event: { id: string; provider: string; type: string; orderId: string | undefined },
  at: string,
): Promise<boolean> {
  const result = await db
    .insertInto('payment_events')
    .values({
      id: event.id,
      provider: event.provider,
      type: event.type,
      order_id: event.orderId ?? null,
      created_at: at,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Intents that may still turn into money: of unpaid orders not cancelled, neither canceled nor
 * already set aside for a refund (their order expired and its pieces were gone when the money came).
 */
export function intentsOfUnpaidOrders(db: Database, orderId?: string) {
  let query = db
    .selectFrom('payment_intents')
    .innerJoin('orders', 'orders.id', 'payment_intents.order_id')
    .select([
      'payment_intents.id as id',
      'payment_intents.order_id as orderId',
      'payment_intents.status as status',
    ])
    .where('orders.paid_at', 'is', null)
    // A cancelled order's intents were cancelled with it; none may pay it.
    .where('orders.cancelled_at', 'is', null)
    .where('payment_intents.status', 'not in', ['canceled', 'refund_due']);
  if (orderId) query = query.where('payment_intents.order_id', '=', orderId);
  return query.execute();
}
