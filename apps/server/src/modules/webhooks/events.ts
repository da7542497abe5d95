import type { WebhookEvent } from '@shop/contract/webhooks';
import { newId } from '../../clock.js';
import type { Database } from '../../db/database.js';
import * as store from './repository.js';

/** Something that happened to a buyer's order or quote, as its webhooks tell it. */
export interface ShopEvent {
  type: WebhookEvent;
  /** Whose it is (the order's buyer, the quote's asker), and their company's for its admins; null: none. */
  ownerId: string;
  companyId: string | null;
  /** What the event is about (ids and numbers, no more: the receiver reads the rest with the API). */
  data: Record<string, string | number>;
}

/** The subscriptions that may hear events of an owner (and of their company, for its admins). */
export type Listeners = { id: string; events: string }[];

/**
 * The subscriptions that may hear the owner's events, read in the caller's transaction: a writer
 * that holds rows every order waits for (the stock, the order number) reads them before it takes
 * those locks, and gives them to `emitWebhookEvent`.
 */
export function listenersOf(trx: Database, ownerId: string, companyId: string | null): Promise<Listeners> {
  return store.listeners(trx, ownerId, companyId);
}

/**
 * Queues the event for every subscription that hears it, in the caller's transaction: a delivery
 * exists exactly when what it tells happened. Those who hear it: its owner's subscriptions, and
 * for a company's order those of the company's admins, each only for the events it names
 * (`listeners`: as read before, else read now).
 */
export async function emitWebhookEvent(
  trx: Database,
  event: ShopEvent,
  at: string,
  listeners?: Listeners,
): Promise<void> {
  const subscriptions = listeners ?? (await listenersOf(trx, event.ownerId, event.companyId));
  const hearing = subscriptions
    .filter((s) => (JSON.parse(s.events) as string[]).includes(event.type))
    .map((s) => s.id);
  if (hearing.length === 0) return;
  const id = newId();
  const payload = JSON.stringify({ id, type: event.type, createdAt: at, data: event.data });
  await store.queueDeliveries(trx, hearing, { id, type: event.type, payload, at });
}
