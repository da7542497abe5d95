import rateLimit, { type FastifyRateLimitStoreCtor, type RateLimitOptions } from '@fastify/rate-limit';
// @ts-expect-error: the plugin's own stores, published without types (they are used as it uses them).
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
// @ts-expect-error: as above.
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { RateLimitedError } from '../http/app-error.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A limit checked where it is called, for a route's second limit (its `config.rateLimit`
     * holds one): throws 429 once the caller is past it.
     */
    rateLimited(options: RateLimitOptions): (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * A limit of `max` requests per key in the window (RATE_LIMIT_WINDOW_SECONDS), for a route's
 * `config.rateLimit` or `app.rateLimited()`. Its keys carry its name, so routes naming the same
 * limit share its counts (purchases and orders alike), and a key of `undefined` counts nothing.
 */
export function limit(
  name: string,
  max: number,
  key: (request: FastifyRequest) => string | undefined | Promise<string | undefined>,
): RateLimitOptions {
  return {
    max,
    keyGenerator: async (request) => {
      const value = await key(request);
      return value === undefined ? '' : `${name}:${value}`;
    },
  };
}

/** How long one Redis command may take before the request goes on without it. */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;
/** Counters kept in a server's memory, the least recently used going first. */
const MEMORY_COUNTERS = 100_000;

type Counted = { current: number; ttl: number };
interface Store {
  incr(
    key: string,
    done: (error: Error | null, counted?: Counted) => void,
    timeWindow: number,
    max: number,
  ): void;
}

/**
 * One store for every limit: @fastify/rate-limit gives each route a store of its own (`child`),
 * and here the keys carry the limit's name instead, so a limit shared by routes counts once.
 */
function everyLimitIn(store: Store): FastifyRateLimitStoreCtor {
  const one = { incr: store.incr.bind(store), child: () => one };
  return function OneStore() {
    return one;
  } as unknown as FastifyRateLimitStoreCtor;
}

/**
 * The counts in Redis (@fastify/rate-limit's Redis store: one Lua script a request), shared by
 * every server. A Redis that does not answer does not refuse requests, nor lift the limits: each
 * server counts in its own memory meanwhile, as without REDIS_URL (@fastify/rate-limit's
 * `skipOnError` would count nothing, and mails such as password resets would go unlimited). The
 * outage is logged once as a warning, and its end once. Failed logins are counted in the database
 * whatever the setting (modules/auth/failure-windows.ts).
 */
function redisOrMemory(shared: Store, memory: Store, log: FastifyBaseLogger): Store {
  let away = false;
  return {
    incr(key, done, timeWindow, max) {
      shared.incr(
        key,
        (error, counted) => {
          if (error) {
            if (!away)
              log.warn('Redis does not answer: each server counts rate limits on its own until it does');
            away = true;
            memory.incr(key, done, timeWindow, max);
            return;
          }
          if (away) log.info('Redis answers again: rate limits are shared again');
          away = false;
          done(null, counted);
        },
        timeWindow,
        max,
      );
    },
  };
}

/**
 * A Redis client that fails fast: while Redis does not answer, a command is refused at once (no
 * queue of commands waiting for the connection, which would hold requests up) and the client
 * keeps reconnecting in the background, at most every 2 s. Loaded only with REDIS_URL: the client
 * is about 45 modules that a shop counting in memory would hold for nothing.
 */
async function openRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const { Redis: Client } = await import('ioredis');
  const client = new Client(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
  });
  // Every failed reconnection is reported here; the outage itself is logged once (above).
  client.on('error', (error) => log.debug({ err: error }, 'Redis connection failed'));
  return client;
}

/**
 * Limits of attempts (@fastify/rate-limit): each limited route names its limit in
 * `config.rateLimit` (checked once the request is valid and its caller known), a second one is
 * checked by `app.rateLimited()`. Refused: 429 `rate_limited` with `retry-after`, in the shop's
 * error shape. Counted in memory on one server, in Redis (REDIS_URL) when several share the load.
 */
export const rateLimitsPlugin = fp(
  async (app) => {
    const { redis, rateLimits } = app.config;
    const memory: Store = new LocalStore(false, false, MEMORY_COUNTERS);
    let store = memory;
    if (redis) {
      const client = await openRedis(redis.url, app.log);
      store = redisOrMemory(new RedisStore(false, false, client, redis.keyPrefix), memory, app.log);
      // A Redis that is down does not stop the shop from starting: it counts on its own meanwhile.
      app.addHook('onReady', async () => {
        await client.connect().catch((error: unknown) => {
          app.log.warn(
            { err: error },
            'Redis does not answer at start: each server counts rate limits on its own until it does',
          );
        });
      });
      // Politely when it is up, at once when it is not.
      app.addHook('onClose', async () => {
        if (client.status !== 'ready' || (await client.quit().catch(() => 'failed')) === 'failed')
          client.disconnect();
      });
    }
    const noHeaders = {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    };
    await app.register(rateLimit, {
      global: false,
      hook: 'preHandler',
      timeWindow: rateLimits.windowSeconds * 1000,
      store: everyLimitIn(store),
      allowList: (_request, key) => key === '',
      // The answer is the shop's 429 (its error handler sets retry-after), with no count headers.
      addHeaders: { ...noHeaders, 'retry-after': false },
      addHeadersOnExceeding: noHeaders,
      errorResponseBuilder: (_request, { ttl }) => new RateLimitedError(secondsLeft(ttl)),
    });
    app.decorate('rateLimited', (options: RateLimitOptions) => {
      const check = app.createRateLimit(options);
      return async (request: FastifyRequest) => {
        const counted = await check(request);
        if (!counted.isAllowed && counted.isExceeded) throw new RateLimitedError(secondsLeft(counted.ttl));
      };
    });
  },
  { name: 'rate-limits', dependencies: ['config'] },
);

const secondsLeft = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
