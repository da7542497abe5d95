import type { FastifyBaseLogger } from 'fastify';
import { type ExpressionBuilder, sql } from 'kysely';
import { nowIso } from '../clock.js';
import type { Database } from './database.js';
import type { DB } from './schema.js';

/**
 * The shop's transactional outboxes: the mail outbox (modules/mail) and the webhook deliveries
 * (modules/webhooks). A row is written with the change it tells of and sent after that commits,
 * by whichever server claims it first; each outbox keeps its own table, its own columns and what
 * a send does. What they share is here: which rows are due, the claim, and the rounds that send.
 */
export type OutboxTable = {
  [T in keyof DB]: DB[T] extends {
    id: string;
    status: string;
    attempts: number;
    next_attempt_at: string;
    claimed_until: string | null;
  }
    ? T
    : never;
}[keyof DB];

/** No server holds the row: never claimed, or its claim has run out (the server died sending it). */
export const unclaimed = (now: string) => (eb: ExpressionBuilder<DB, OutboxTable>) =>
  eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]);

/**
 * The rows of `table` whose time has come and that no server holds, oldest first, at most `max`:
 * the caller selects its columns (and may join what the send needs).
 */
export function dueRows<T extends OutboxTable>(db: Database, table: T, now: string, max: number) {
  // Named with their table: the caller may join another that has an `id` too.
  const column = <C extends 'id' | 'status' | 'next_attempt_at' | 'claimed_until'>(name: C) =>
    `${table}.${name}` as `${OutboxTable}.${C}`;
  return db
    .selectFrom(table as OutboxTable)
    .where(column('status'), '=', 'pending')
    .where(column('next_attempt_at'), '<=', now)
    .where((eb) => eb.or([eb(column('claimed_until'), 'is', null), eb(column('claimed_until'), '<', now)]))
    .orderBy(column('next_attempt_at'))
    .orderBy(column('id'))
    .limit(max);
}

/**
 * Takes a row for sending until `until`, counting the attempt. Only one server wins it; a server
 * that dies while sending lets it go when the claim runs out.
 */
export async function claimRow(
  db: Database,
  table: OutboxTable,
  id: string,
  now: string,
  until: string,
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ claimed_until: until, attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where(unclaimed(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An outbox's sending, on each server: rounds of due rows, one round at a time. */
export interface OutboxRounds {
  /** Sends what is due soon, without making the caller wait. */
  kick(): void;
  /** Sends what is due now, a batch at a time, in the caller's round; resolves when it is done. */
  sendDue(): Promise<void>;
  /** Kicks, and resolves when no round is in flight any more (one already running included). */
  drain(): Promise<void>;
  /** Starts the timer that retries and picks up what other servers left, every `everyMs`. */
  start(everyMs: number): void;
  /** Stops the timer and waits for a round in flight. */
  stop(): Promise<void>;
}

const BATCH = 20;

/**
 * Sends an outbox's due rows in rounds: `due` reads a batch of them (see `dueRows`), `send` sends
 * one (claiming it first, see `claimRow`, and settling it). A kick while a round runs makes it go
 * once more rather than start a second; a round that fails is logged with `failed` and runs again
 * at the next kick or tick.
 */
export function outboxRounds<Row>(deps: {
  due: (now: string, max: number) => Promise<Row[]>;
  send: (row: Row) => Promise<void>;
  log: FastifyBaseLogger;
  failed: string;
}): OutboxRounds {
  const { due, send, log, failed } = deps;
  let round: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function sendDue(): Promise<void> {
    for (;;) {
      const rows = await due(nowIso(), BATCH);
      for (const row of rows) {
        if (stopped) return;
        await send(row);
      }
      if (rows.length < BATCH) return;
    }
  }

  function kick(): void {
    if (stopped) return;
    if (round) {
      again = true;
      return;
    }
    round = (async () => {
      do {
        again = false;
        try {
          await sendDue();
        } catch (error) {
          log.warn({ err: error }, failed);
        }
      } while (again && !stopped);
    })().finally(() => {
      round = undefined;
    });
  }

  return {
    kick,
    sendDue,
    async drain() {
      kick();
      while (round) await round;
    },
    start(everyMs) {
      kick();
      timer = setInterval(kick, everyMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await round;
    },
  };
}
