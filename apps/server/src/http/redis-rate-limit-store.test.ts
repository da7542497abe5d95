import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../test-support/tcp-proxy.js';
import { createTestShop, type TestShop } from '../test-support/test-app.js';
import { RateLimitedError, rateLimit } from './rate-limit.js';
import { closeRedis, openRedis, redisRateLimitStore } from './redis-rate-limit-store.js';

/** The real Redis the tests count in (CI starts one); every test uses keys of its own. */
const redisUrl = process.env.TEST_REDIS_URL;

const quiet = pino({ level: 'silent' });
const prefix = () => `shop-test-${randomBytes(6).toString('hex')}:`;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A shop counting in Redis, with its log lines kept for the test to read. */
async function shopOnRedis(url: string, keyPrefix: string, env: Record<string, string> = {}) {
  const logged: { level: number; msg: string }[] = [];
  const shop = await createTestShop({
    demo: false,
    env: { REDIS_URL: url, REDIS_KEY_PREFIX: keyPrefix, LOG_LEVEL: 'info', ...env },
    logStream: { write: (line) => void logged.push(JSON.parse(line)) },
  });
  cleanups.push(() => shop.close());
  return { shop, logged };
}

const message = (shop: TestShop) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/messages',
    payload: { kind: 'contact', email: 'buyer@example.com', message: 'Do you ship to Chittagong?' },
    remoteAddress: '10.9.0.1',
  });

describe.runIf(redisUrl)('the Redis rate-limit store', () => {
  const url = redisUrl as string;

  it('admits exactly the maximum of 50 parallel callers, per key, in windows Redis expires, under the prefix', async () => {
    const client = openRedis(url, quiet);
    await client.connect();
    cleanups.push(() => closeRedis(client));
    const keyPrefix = prefix();
    const store = redisRateLimitStore(client, keyPrefix, quiet);
    const limit = rateLimit(store, { name: 'test', max: 7, windowSeconds: 60 });

    // Many servers' requests at once: every attempt counted once.
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () =>
        limit.consume('a').then(
          () => 'admitted',
          (error: unknown) => error,
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'admitted')).toHaveLength(7);
    const refused = outcomes.filter((o) => o !== 'admitted');
    expect(refused).toHaveLength(43);
    for (const error of refused) {
      expect(error).toBeInstanceOf(RateLimitedError);
      expect((error as RateLimitedError).retryAfterSeconds).toBeGreaterThanOrEqual(59);
      expect((error as RateLimitedError).retryAfterSeconds).toBeLessThanOrEqual(60);
    }
    await expect(limit.consume('b')).resolves.toBeUndefined();

    // The key lives in Redis under the prefix, holds the count, and expires with its window.
    expect(await client.get(`${keyPrefix}test:a`)).toBe('50');
    const ttl = await client.pttl(`${keyPrefix}test:a`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    // Another limit (another rule name) counts apart.
    const other = rateLimit(store, { name: 'other', max: 1, windowSeconds: 60 });
    await expect(other.consume('a')).resolves.toBeUndefined();
    await expect(other.consume('a')).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('shares its counts between two servers', async () => {
    const keyPrefix = prefix();
    const env = { RATE_LIMIT_MESSAGES_PER_IP: '3' };
    const { shop: first } = await shopOnRedis(url, keyPrefix, env);
    const { shop: second } = await shopOnRedis(url, keyPrefix, env);

    // The three messages one address may send in a window, through two servers…
    expect((await message(first)).statusCode).toBe(201);
    expect((await message(second)).statusCode).toBe(201);
    expect((await message(first)).statusCode).toBe(201);
    // …and a fourth through either is refused.
    const refused = await message(second);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await message(first)).statusCode).toBe(429);
  });

  it('lets an address in again once its window has ended', async () => {
    const { shop } = await shopOnRedis(url, prefix(), {
      RATE_LIMIT_MESSAGES_PER_IP: '1',
      RATE_LIMIT_WINDOW_SECONDS: '1',
    });
    // Windows of one second: however slow the machine, a refusal comes, and then an end to it.
    const eventually = { timeout: 15_000, interval: 50 };
    await vi.waitFor(async () => expect((await message(shop)).statusCode).toBe(429), eventually);
    await vi.waitFor(async () => expect((await message(shop)).statusCode).toBe(201), eventually);
  });

  it('keeps failed logins in the database, not in Redis', async () => {
    const keyPrefix = prefix();
    const { shop } = await shopOnRedis(url, keyPrefix);
    const failed = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: 'wrong password!' },
    });
    expect(failed.statusCode).toBe(401);
    const inDatabase = await shop.database.db.selectFrom('rate_limit_windows').select('key').execute();
    expect(inDatabase.map((row) => row.key)).toContain('login-fail-email:nobody@example.com');

    const client = openRedis(url, quiet);
    await client.connect();
    cleanups.push(() => closeRedis(client));
    expect(await client.keys(`${keyPrefix}login-fail*`)).toEqual([]);
  });

  it('counts on each server while Redis is away (one warning), and in Redis again when it is back', async () => {
    const target = new URL(url);
    const proxy: TcpProxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    cleanups.push(() => proxy.close());
    const keyPrefix = prefix();
    const { shop, logged } = await shopOnRedis(proxy.url(url), keyPrefix, {
      RATE_LIMIT_MESSAGES_PER_IP: '2',
    });

    expect((await message(shop)).statusCode).toBe(201);
    await proxy.cut();
    // Nothing is refused for Redis being away: this server counts the window afresh in its memory.
    const during = [];
    for (let i = 0; i < 3; i++) during.push((await message(shop)).statusCode);
    expect(during).toEqual([201, 201, 429]);
    const health = await shop.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const warnings = logged.filter((line) => line.msg.startsWith('Redis does not answer'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.level).toBe(40);

    await proxy.restore();
    // Once the client has reconnected (it retries on its own, every 2 s at most), Redis counts
    // again, from the count made before the outage: one more message, then the limit holds.
    await vi.waitFor(
      async () => {
        await message(shop);
        expect(logged.map((line) => line.msg)).toContain('Redis answers again: rate limits are shared again');
      },
      { timeout: 20_000, interval: 250 },
    );
    expect((await message(shop)).statusCode).toBe(429);
    const client = openRedis(url, quiet);
    await client.connect();
    cleanups.push(() => closeRedis(client));
    expect(await client.get(`${keyPrefix}messages-ip:10.9.0.1`)).toBe('3');
  });

  it('starts while Redis is down, counting on its own, and closes without waiting for it', async () => {
    const target = new URL(url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    cleanups.push(() => proxy.close());
    await proxy.cut();
    const { shop, logged } = await shopOnRedis(proxy.url(url), prefix(), { RATE_LIMIT_MESSAGES_PER_IP: '1' });
    expect(logged.some((line) => line.msg.startsWith('Redis does not answer at start'))).toBe(true);
    expect((await message(shop)).statusCode).toBe(201);
    expect((await message(shop)).statusCode).toBe(429);
  });
});
