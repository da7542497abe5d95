import type { FastifyBaseLogger } from 'fastify';
import { nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { outboxRounds } from '../../db/outbox.js';
import { resolveTarget, type TargetRules, webhookUrl } from './address.js';
import * as store from './repository.js';
import { postSigned } from './send.js';

export interface WebhookSender {
  /** Sends what is due soon, without making the caller wait. */
  kick(): void;
  /** Sends what is due now; resolves when no round is in flight any more (one already running included). */
  deliverDue(): Promise<void>;
  /** Starts the timer that retries and picks up what other servers left; `stop` waits for a round in flight. */
  start(): void;
  stop(): Promise<void>;
}

/** Deliveries are looked for this often on each server. */
const POLL_MS = 15_000;
/** The first retry waits a minute, each further one twice as long, at most an hour. */
const FIRST_RETRY_SECONDS = 60;
const MAX_RETRY_SECONDS = 3600;
/** A delivery is given up once this long has passed since its event without a 2xx. */
export const GIVE_UP_AFTER_MS = 24 * 3600_000;
/** A server holds a delivery this long while sending; then another may try. Above the send timeout. */
const CLAIM_MS = 60_000;

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/**
 * The transactional outbox of webhook deliveries (the mail outbox's pattern): written with the
 * event, sent after it commits by whichever server claims it, retried with growing waits for 24
 * hours. Each attempt is noted; the address is checked again before each one.
 */
export function webhookSender(deps: {
  db: Database;
  rules: TargetRules;
  log: FastifyBaseLogger;
}): WebhookSender {
  const { db, rules, log } = deps;
  async function attempt(
    due: store.DueDelivery,
  ): Promise<{ statusCode: number | null; error: string | null }> {
    if (due.deleted_at) return { statusCode: null, error: 'the webhook was deleted' };
    try {
      const target = await resolveTarget(webhookUrl(due.url, rules), rules);
      const statusCode = await postSigned(target, due.payload, due.secret);
      return { statusCode, error: statusCode >= 200 && statusCode < 300 ? null : `answered ${statusCode}` };
    } catch (error) {
      return { statusCode: null, error: describe(error) };
    }
  }

  async function deliver(due: store.DueDelivery): Promise<void> {
    const claimedAt = Date.now();
    if (!(await store.claimDelivery(db, due.id, nowIso(), new Date(claimedAt + CLAIM_MS).toISOString())))
      return;
    const tried = await attempt(due);
    const at = nowIso();
    if (tried.error === null) {
      await store.settleDelivery(db, due.id, { at, ...tried }, { status: 'delivered' });
      return;
    }
    const wait = Math.min(FIRST_RETRY_SECONDS * 2 ** Number(due.attempts), MAX_RETRY_SECONDS) * 1000;
    const retryAt = Date.now() + wait;
    const over = due.deleted_at !== null || retryAt > Date.parse(due.created_at) + GIVE_UP_AFTER_MS;
    await store.settleDelivery(
      db,
      due.id,
      { at, ...tried },
      over ? { status: 'failed' } : { status: 'pending', retryAt: new Date(retryAt).toISOString() },
    );
    log.warn({ deliveryId: due.id, reason: tried.error, givenUp: over }, 'webhook not delivered');
  }

  const rounds = outboxRounds({
    due: (now, max) => store.dueDeliveries(db, now, max),
    send: deliver,
    log,
    failed: 'webhook delivery failed; it runs again later',
  });

  return {
    kick: rounds.kick,
    deliverDue: rounds.drain,
    start() {
      rounds.start(POLL_MS);
    },
    stop: rounds.stop,
  };
}
