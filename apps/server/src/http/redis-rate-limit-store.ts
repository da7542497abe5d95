import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { RateLimitStore } from './rate-limit.js';

/**
 * One atomic step per hit: add to the key's count and, when the key has no expiry yet (a new
 * window), give it the window's length. Answers the count and the milliseconds left. A script
 * rather than INCRBY + PEXPIRE NX so that Redis 6 (still common as a managed service) runs it too.
 */
const HIT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  left = tonumber(ARGV[2])
end
return {count, left}
`;

/** The key's count and milliseconds left, or nothing when no window is open. */
const PEEK = `
local count = redis.call('GET', KEYS[1])
if not count then return nil end
return {tonumber(count), redis.call('PTTL', KEYS[1])}
`;

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
  // Every failed reconnection is reported here; the outage itself is logged once by failOpen().
  client.on('error', (error) => log.debug({ err: error }, 'Redis connection failed'));
  return client;
}

/**
 * Connects once at start. A Redis that is down does not stop the shop from starting (the
 * counters fail open, see below); the client goes on trying in the background.
 */
export async function connectRedis(client: Redis, log: FastifyBaseLogger): Promise<void> {
  try {
    await client.connect();
  } catch (error) {
    log.warn({ err: error }, 'Redis does not answer at start: rate limits are not enforced until it does');
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

/**
 * Rate-limit windows in Redis, shared by every server that uses the same Redis and prefix.
 * Each key expires with its window, so Redis keeps nothing that is no longer counted.
 */
export function redisRateLimitStore(client: Redis, prefix: string): RateLimitStore {
  return {
    async hit(key, windowMs, amount = 1) {
      const [count, left] = (await client.eval(HIT, 1, prefix + key, amount, windowMs)) as [number, number];
      return { count, resetAt: Date.now() + left };
    },
    async peek(key) {
      const found = (await client.eval(PEEK, 1, prefix + key)) as [number, number] | null;
      if (!found) return undefined;
      const [count, left] = found;
      return left > 0 ? { count, resetAt: Date.now() + left } : undefined;
    },
  };
}

/**
 * A shared store that cannot be reached lets requests through rather than refusing them: a
 * shop that stops taking orders because its counters are away hurts more than a few minutes
 * without those limits. Failed logins are not counted here but in the database, so guessing
 * passwords stays limited. The outage is logged once as a warning, and its end once.
 */
export function failOpen(store: RateLimitStore, log: FastifyBaseLogger): RateLimitStore {
  let failing = false;
  const answered = () => {
    if (!failing) return;
    failing = false;
    log.info('Redis answers again: rate limits are enforced');
  };
  const failed = (error: unknown) => {
    if (failing) return;
    failing = true;
    log.warn(
      { err: error },
      'Redis does not answer: rate limits are not enforced until it does (requests are let through)',
    );
  };
  return {
    async hit(key, windowMs, amount) {
      try {
        const window = await store.hit(key, windowMs, amount);
        answered();
        return window;
      } catch (error) {
        failed(error);
        return { count: 0, resetAt: Date.now() + windowMs };
      }
    },
    async peek(key) {
      try {
        const window = await store.peek(key);
        answered();
        return window;
      } catch (error) {
        failed(error);
        return undefined;
      }
    },
  };
}
