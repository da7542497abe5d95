import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { RateLimitStore } from './rate-limit.js';

/**
 * Rate-limit windows kept in the database: they survive a restart and are shared by every server
 * on the same database. One upsert per hit starts a new window or adds to the current one.
 */
export function databaseRateLimitStore(db: Database): RateLimitStore {
  let sweptAt = 0;
  return {
    async hit(key, windowMs, amount = 1) {
      const now = Date.now();
      if (now - sweptAt > 60_000) {
        sweptAt = now;
        await db.deleteFrom('rate_limit_windows').where('reset_at', '<=', now).execute();
      }
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
    },
    async peek(key) {
      const row = await db
        .selectFrom('rate_limit_windows')
        .select(['count', 'reset_at'])
        .where('key', '=', key)
        .where('reset_at', '>', Date.now())
        .executeTakeFirst();
      return row && { count: Number(row.count), resetAt: Number(row.reset_at) };
    },
  };
}
