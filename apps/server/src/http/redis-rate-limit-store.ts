import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitStore } from './rate-limit.js';

/** How long one Redis command may take before the request goes on without it. */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

/**
 * A Redis client that fails fast: while Redis does not answer, a command is refused at once
 * (no queue of commands waiting for the connection, which would hold requests up) and the
 * client keeps reconnecting in the background, at most every 2 s.
 */
export function openRedis(url: string, log: FastifyBaseLogger): Redis {
  // Loaded here, by a shop with REDIS_URL only: the client is about 45 modules that a shop
  // counting in memory would hold for nothing.
  const { Redis: Client } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
  const client = new Client(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
  });
  // Every failed reconnection is reported here; the outage itself is logged once by
  // redisRateLimitStore().
  client.on('error', (error) => log.debug({ err: error }, 'Redis connection failed'));
  return client;
}

/**
 * Connects once at start. A Redis that is down does not stop the shop from starting (each
 * server counts on its own meanwhile, see below); the client goes on trying in the background.
 */
export async function connectRedis(client: Redis, log: FastifyBaseLogger): Promise<void> {
  try {
    await client.connect();
  } catch (error) {
    log.warn(
      { err: error },
      'Redis does not answer at start: each server counts rate limits on its own until it does',
    );
  }
}

/** Closes the connection, politely when it is up and at once when it is not. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    try {
      await client.quit();
      return;
    } catch {
      // Fall through to the hard close.
    }
  }
  client.disconnect();
}

/** Set on a call the insurance answered: Redis did not. */
interface Call {
  inMemory?: boolean;
}

/**
 * rate-limiter-flexible's insurance: the rule counted in this server's memory, for the calls
 * Redis does not answer (down, or slower than REDIS_COMMAND_TIMEOUT_MS).
 */
class CountedHereWhileAway extends RateLimiterMemory {
  readonly #away: () => void;

  constructor(options: ConstructorParameters<typeof RateLimiterMemory>[0], away: () => void) {
    super(options);
    this.#away = away;
  }

  override consume(key: string | number, points?: number, options: Call = {}): Promise<RateLimiterRes> {
    options.inMemory = true;
    this.#away();
    return super.consume(key, points, options);
  }
}

/**
 * Rate-limit windows in Redis (rate-limiter-flexible's RateLimiterRedis: one Lua script per
 * attempt, atomic), shared by every server that uses the same Redis and prefix; each key is
 * `<prefix><rule>:<key>` and expires with its window.
 *
 * A Redis that cannot be reached does not refuse requests: a shop that stops taking orders because
 * its counters are away hurts more than a few minutes of limits counted per server. While it is
 * away each server counts in its own memory (the insurance limiter), as without REDIS_URL. Failed
 * logins are not counted here but in the database, so guessing passwords stays limited. The
 * outage is logged once as a warning, and its end once.
 */
export function redisRateLimitStore(client: Redis, prefix: string, log: FastifyBaseLogger): RateLimitStore {
  let away = false;
  const wentAway = () => {
    if (away) return;
    away = true;
    log.warn('Redis does not answer: each server counts rate limits on its own until it does');
  };
  const cameBack = () => {
    if (!away) return;
    away = false;
    log.info('Redis answers again: rate limits are shared again');
  };
  return ({ name, max, windowSeconds }) => {
    const rule = { keyPrefix: `${prefix}${name}`, points: max, duration: windowSeconds };
    const limiter = new RateLimiterRedis({
      ...rule,
      storeClient: client,
      // A client not connected is not asked at all: the insurance answers at once.
      rejectIfRedisNotReady: true,
      insuranceLimiter: new CountedHereWhileAway(rule, wentAway),
    });
    return {
      async consume(key) {
        const call: Call = {};
        try {
          return await limiter.consume(key, 1, call);
        } finally {
          if (!call.inMemory) cameBack();
        }
      },
    };
  };
}
