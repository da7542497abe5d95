import { randomBytes } from 'node:crypto';
import {
  type CreatedWebhook,
  MAX_WEBHOOKS,
  type NewWebhookBody,
  TOO_MANY_WEBHOOKS_MESSAGE,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookEvent,
} from '@shop/contract/webhooks';
import { newId, nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { AppError, notFound } from '../../http/app-error.js';
import type { Caller } from '../../http/auth-guard.js';
import { serialiseUserWrites } from '../users/index.js';
import { resolveTarget, type TargetRules, webhookUrl } from './address.js';
import * as store from './repository.js';

export interface WebhookServiceDeps {
  db: Database;
  rules: TargetRules;
}

export async function webhooksOf(db: Database, owner: Caller): Promise<Webhook[]> {
  return (await store.subscriptionsOf(db, owner.id)).map((row) => ({
    _id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEvent[],
    createdAt: row.created_at,
  }));
}

/**
 * Subscribes the caller's URL to events about what they may read. The URL is checked (scheme, no
 * credentials, a public address) before it is kept; the secret is shown this once.
 */
export async function createWebhook(
  deps: WebhookServiceDeps,
  owner: Caller,
  body: NewWebhookBody,
): Promise<CreatedWebhook> {
  const url = webhookUrl(body.url, deps.rules);
  await resolveTarget(url, deps.rules);
  const id = newId();
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  await deps.db.transaction().execute(async (trx) => {
    await serialiseUserWrites(trx, owner.id);
    if ((await store.countSubscriptions(trx, owner.id)) >= MAX_WEBHOOKS)
      throw new AppError('too_many_webhooks', TOO_MANY_WEBHOOKS_MESSAGE);
    await store.insertSubscription(trx, {
      id,
      user_id: owner.id,
      url: url.href,
      events: JSON.stringify(body.events),
      secret,
      created_at: nowIso(),
    });
  });
  return { _id: id, secret };
}

/** Deletes the caller's subscription at once: nothing more is sent to it; anyone else's → 404. */
export async function deleteWebhook(db: Database, owner: Caller, id: string): Promise<void> {
  if (!(await store.deleteSubscription(db, owner.id, id, nowIso()))) throw notFound('webhook');
}

async function ownOrNotFound(db: Database, owner: Caller, id: string): Promise<void> {
  if (!(await store.ownSubscription(db, owner.id, id))) throw notFound('webhook');
}

/** A page of the caller's subscription's deliveries, newest first, each with its attempts. */
export async function deliveriesOf(
  db: Database,
  owner: Caller,
  id: string,
  page: { limit: number; before?: string | undefined },
): Promise<WebhookDeliveryList> {
  await ownOrNotFound(db, owner, id);
  const rows = await store.deliveriesOf(db, id, { limit: page.limit + 1, before: page.before });
  const shown = rows.slice(0, page.limit);
  const attempts = await store.attemptsOf(
    db,
    shown.map((row) => row.id),
  );
  const items: WebhookDelivery[] = shown.map((row) => ({
    _id: row.id,
    eventId: row.event_id,
    type: row.type as WebhookEvent,
    createdAt: row.created_at,
    status: row.status,
    ...(row.status === 'pending' ? { nextAttemptAt: row.next_attempt_at } : {}),
    attempts: attempts
      .filter((a) => a.delivery_id === row.id)
      .map((a) => ({
        at: a.at,
        ...(a.status_code === null ? {} : { status: Number(a.status_code) }),
        ...(a.error === null ? {} : { error: a.error }),
      })),
  }));
  const last = shown.at(-1);
  return { items, ...(rows.length > page.limit && last ? { next: last.id } : {}) };
}

/** Sends one of the caller's deliveries again now (one more attempt for one given up). */
export async function sendAgain(db: Database, owner: Caller, id: string, deliveryId: string): Promise<void> {
  await ownOrNotFound(db, owner, id);
  if (!(await store.sendAgain(db, id, deliveryId, nowIso()))) throw notFound('delivery');
}
