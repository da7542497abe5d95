import fp from 'fastify-plugin';
import { type DatabaseRateLimitStore, databaseRateLimitStore } from '../http/database-rate-limit-store.js';
import { memoryRateLimitStore, type RateLimit, type RateLimitStore, rateLimit } from '../http/rate-limit.js';
import { closeRedis, connectRedis, openRedis, redisRateLimitStore } from '../http/redis-rate-limit-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** A limit of `max` attempts per key in the configured window, counted under `name`. */
    limit(name: string, max: number): RateLimit;
    /** Where failed password checks are counted: the database, whatever else counts attempts. */
    durableCounters: DatabaseRateLimitStore;
  }
}

/**
 * Counters of attempts are cheap: in memory on one server, in Redis (REDIS_URL) when several
 * share the load, each server counting alone while Redis is away. Failed logins are kept in the database
 * whatever the setting, so neither a restart, a second server nor a Redis outage resets what
 * guards accounts against guessing.
 */
export const rateLimitsPlugin = fp(
  async (app) => {
    const { redis, rateLimits } = app.config;
    let counters: RateLimitStore = memoryRateLimitStore();
    if (redis) {
      const client = openRedis(redis.url, app.log);
      counters = redisRateLimitStore(client, redis.keyPrefix, app.log);
      app.addHook('onReady', () => connectRedis(client, app.log));
      app.addHook('onClose', () => closeRedis(client));
    }
    app.decorate('limit', (name: string, max: number) =>
      rateLimit(counters, { name, max, windowSeconds: rateLimits.windowSeconds }),
    );
    app.decorate('durableCounters', databaseRateLimitStore(app.db));
  },
  { name: 'rate-limits', dependencies: ['config', 'database'] },
);
