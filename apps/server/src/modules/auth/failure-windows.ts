import { sql } from 'kysely';
import type { Database } from '../../db/database.js';

/** A limit to take a place in: at most `max` in a window of `windowMs`. */
export interface WindowRule {
  key: string;
  max: number;
  windowMs: number;
}

/** A place taken in a window, to give back to that window (not a later one). */
export interface HeldPlace {
  key: string;
  resetAt: number;
}

export interface DatabaseRateLimitStore {
  /**
   * Takes one place in every rule's window, all or none, in one transaction: answers the places
   * held, or (nothing taken) the end of the first window that is full. Parallel callers queue on
   * the rows, so a full window is never passed, on SQLite and PostgreSQL alike.
   */
  reserve(rules: WindowRule[]): Promise<{ held: HeldPlace[] } | { fullUntil: number }>;
  /** Gives the places back, each to the window it was taken in (a window since renewed keeps its count). */
  release(places: HeldPlace[]): Promise<void>;
  /**
   * Keeps a mark under `key` for `forMs` from now (a mark kept again lasts from then on): a fact
   * to remember for a while, such as an address an account signed in from, not a count.
   */
  remember(key: string, forMs: number): Promise<void>;
  /** Whether a mark is kept under `key` and its time has not run out. */
  remembers(key: string): Promise<boolean>;
}

class WindowFull extends Error {
  constructor(readonly resetAt: number) {
    super('window full');
  }
}

/** One upsert: starts a new window or adds to the current one; answers its count and end. */
async function add(db: Database, key: string, windowMs: number, amount: number, now: number) {
  const row = await db
    .insertInto('rate_limit_windows')
    .values({ key, count: amount, reset_at: now + windowMs })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when rate_limit_windows.reset_at <= ${now} then ${amount} else rate_limit_windows.count + ${amount} end`,
        reset_at: sql`case when rate_limit_windows.reset_at <= ${now} then ${now + windowMs} else rate_limit_windows.reset_at end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), resetAt: Number(row.reset_at) };
}

/**
 * Windows kept in the database: they survive a restart and are shared by every server on the
 * same database. One upsert per window starts a new window or adds to the current one.
 *
 * Failed password checks are counted here rather than by @fastify/rate-limit (which counts every
 * other limit, plugins/rate-limits.ts): a failed login takes a place in up to four windows, all or
 * none, in one transaction, before the password is checked, and gives them back when it was right.
 * @fastify/rate-limit counts one window a call and cannot give a place back (nor tell a window
 * since renewed from the one the place was taken in), and its stores live in memory or Redis, so a
 * restart or a Redis outage would reset what guards accounts against guessing.
 */
export function databaseRateLimitStore(db: Database): DatabaseRateLimitStore {
  let sweptAt = 0;
  const sweep = async (now: number) => {
    if (now - sweptAt <= 60_000) return;
    sweptAt = now;
    await db.deleteFrom('rate_limit_windows').where('reset_at', '<=', now).execute();
  };
  return {
    async reserve(rules) {
      const now = Date.now();
      await sweep(now);
      // Rows are locked in one order (by key), so two reservations never wait on each other in a circle.
      const sorted = rules.toSorted((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      try {
        const held = await db.transaction().execute(async (trx) => {
          const places: HeldPlace[] = [];
          for (const rule of sorted) {
            const window = await add(trx, rule.key, rule.windowMs, 1, now);
            if (window.count > rule.max) throw new WindowFull(window.resetAt);
            places.push({ key: rule.key, resetAt: window.resetAt });
          }
          return places;
        });
        return { held };
      } catch (error) {
        if (error instanceof WindowFull) return { fullUntil: error.resetAt };
        throw error;
      }
    },
    async release(places) {
      if (places.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (const place of places) {
          await trx
            .updateTable('rate_limit_windows')
            .set({ count: sql`count - 1` })
            .where('key', '=', place.key)
            .where('reset_at', '=', place.resetAt)
            .where('count', '>', 0)
            .execute();
        }
      });
    },
    async remember(key, forMs) {
      const resetAt = Date.now() + forMs;
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('rate_limit_windows')
          .values({ key, count: 1, reset_at: resetAt })
          .onConflict((oc) => oc.column('key').doUpdateSet({ count: 1, reset_at: resetAt }))
          .execute();
      });
    },
    async remembers(key) {
      const row = await db
        .selectFrom('rate_limit_windows')
        .select('key')
        .where('key', '=', key)
        .where('reset_at', '>', Date.now())
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
