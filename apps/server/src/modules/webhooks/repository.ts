import { newId } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { claimRow, dueRows, unclaimed } from '../../db/outbox.js';

export async function subscriptionsOf(db: Database, userId: string) {
  return db
    .selectFrom('webhooks')
    .select(['id', 'url', 'events', 'created_at'])
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countSubscriptions(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertSubscription(
  db: Database,
  row: { id: string; user_id: string; url: string; events: string; secret: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('webhooks')
    .values({ ...row, deleted_at: null })
    .execute();
}

/** The owner's subscription, not deleted; undefined for anyone else's. */
export function ownSubscription(db: Database, userId: string, id: string) {
  return db
    .selectFrom('webhooks')
    .select(['id'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function deleteSubscription(
  db: Database,
  userId: string,
  id: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('webhooks')
    .set({ deleted_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The live subscriptions that may hear of something of `userId`'s (theirs), or of the company's
 * (its admins' now, so one who left the company or its admin seat hears no more).
 */
export function listeners(db: Database, userId: string, companyId: string | null) {
  return db
    .selectFrom('webhooks')
    .select(['id', 'events'])
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('user_id', '=', userId),
        ...(companyId
          ? [
              eb(
                'user_id',
                'in',
                eb
                  .selectFrom('company_members')
                  .select('user_id')
                  .where('company_id', '=', companyId)
                  .where('role', '=', 'admin'),
              ),
            ]
          : []),
      ]),
    )
    .execute();
}

export async function queueDeliveries(
  db: Database,
  webhookIds: readonly string[],
  event: { id: string; type: string; payload: string; at: string },
): Promise<void> {
  if (webhookIds.length === 0) return;
  await db
    .insertInto('webhook_deliveries')
    .values(
      webhookIds.map((webhookId) => ({
        id: newId(),
        webhook_id: webhookId,
        event_id: event.id,
        type: event.type,
        payload: event.payload,
        status: 'pending' as const,
        attempts: 0,
        next_attempt_at: event.at,
        claimed_until: null,
        created_at: event.at,
      })),
    )
    .execute();
}

/** Pending deliveries whose time has come, oldest first, with their subscription's URL and secret. */
export function dueDeliveries(db: Database, now: string, max: number) {
  return dueRows(db, 'webhook_deliveries', now, max)
    .innerJoin('webhooks as w', 'w.id', 'webhook_deliveries.webhook_id')
    .select([
      'webhook_deliveries.id',
      'webhook_deliveries.payload',
      'webhook_deliveries.created_at',
      'webhook_deliveries.attempts',
      'w.url',
      'w.secret',
      'w.deleted_at',
    ])
    .execute();
}

/** Takes a delivery for sending until `until`, counting the attempt (see `claimRow`). */
export const claimDelivery = (db: Database, id: string, now: string, until: string) =>
  claimRow(db, 'webhook_deliveries', id, now, until);

/** Notes an attempt and what became of the delivery, together. */
export async function settleDelivery(
  db: Database,
  id: string,
  attempt: { at: string; statusCode: number | null; error: string | null },
  outcome: { status: 'delivered' | 'failed' } | { status: 'pending'; retryAt: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('webhook_attempts')
      .values({
        id: newId(),
        delivery_id: id,
        at: attempt.at,
        status_code: attempt.statusCode,
        error: attempt.error,
      })
      .execute();
    await trx
      .updateTable('webhook_deliveries')
      .set({
        status: outcome.status,
        claimed_until: null,
        ...(outcome.status === 'pending' ? { next_attempt_at: outcome.retryAt } : {}),
      })
      .where('id', '=', id)
      .execute();
  });
}

/** A page of the subscription's deliveries, newest first, older than `before` if given. */
export function deliveriesOf(
  db: Database,
  webhookId: string,
  page: { limit: number; before?: string | undefined },
) {
  let query = db
    .selectFrom('webhook_deliveries')
    .select(['id', 'event_id', 'type', 'status', 'next_attempt_at', 'created_at'])
    .where('webhook_id', '=', webhookId);
  if (page.before) query = query.where('id', '<', page.before);
  return query.orderBy('id', 'desc').limit(page.limit).execute();
}

export function attemptsOf(db: Database, deliveryIds: readonly string[]) {
  if (deliveryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('webhook_attempts')
    .select(['delivery_id', 'at', 'status_code', 'error'])
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('id')
    .execute();
}

/** Makes the delivery due now again (delivered or given up ones too); false: no such delivery of the subscription. */
export async function sendAgain(
  db: Database,
  webhookId: string,
  deliveryId: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: now, claimed_until: null })
    .where('id', '=', deliveryId)
    .where('webhook_id', '=', webhookId)
    .where(unclaimed(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type DueDelivery = Awaited<ReturnType<typeof dueDeliveries>>[number];
