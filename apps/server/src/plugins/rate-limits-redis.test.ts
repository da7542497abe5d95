import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../test-support/tcp-proxy.js';
import { createTestShop, type TestShop } from '../test-support/test-app.js';

/** The real Redis the tests count in (CI starts one); every test uses keys of its own. */
const redisUrl = process.env.TEST_REDIS_URL;

const prefix = () => `shop-test-${randomBytes(6).toString('hex')}:`;

const cleanups: (() => Promise<unknown>)[] = [];
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

/** A client of the test's own, to look at the keys. */
function redis(url: string) {
  const client = new Redis(url);
  cleanups.push(() => client.quit());
  return client;
}

const message = (shop: TestShop) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/messages',
    payload: { kind: 'contact', email: 'buyer@example.com', message: 'Do you ship to Chittagong?' },
    remoteAddress: '10.9.0.1',
  });

describe.runIf(redisUrl)('limits counted in Redis', () => {
  const url = redisUrl as string;

  it('admit exactly the maximum of 50 parallel requests through two servers, in keys Redis expires, under the prefix', async () => {
    const keyPrefix = prefix();
    const env = { RATE_LIMIT_MESSAGES_PER_IP: '7' };
    const { shop: first } = await shopOnRedis(url, keyPrefix, env);
    const { shop: second } = await shopOnRedis(url, keyPrefix, env);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => message(i % 2 === 0 ? first : second)),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(7);
    const refused = answers.filter((res) => res.statusCode !== 201);
    expect(refused).toHaveLength(43);
    for (const res of refused) {
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe('rate_limited');
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(599);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(600);
    }
    // The key lives in Redis under the prefix and the limit's name, holds the count, and expires
    // with its window.
    const client = redis(url);
    expect(await client.get(`${keyPrefix}messages-ip:10.9.0.1`)).toBe('50');
    const ttl = await client.pttl(`${keyPrefix}messages-ip:10.9.0.1`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(600_000);
  });

  it('let an address in again once its window has ended', async () => {
    const { shop } = await shopOnRedis(url, prefix(), {
      RATE_LIMIT_MESSAGES_PER_IP: '1',
      RATE_LIMIT_WINDOW_SECONDS: '1',
    });
    // Windows of one second: however slow the machine, a refusal comes, and then an end to it.
    const eventually = { timeout: 15_000, interval: 50 };
    await vi.waitFor(async () => expect((await message(shop)).statusCode).toBe(429), eventually);
    await vi.waitFor(async () => expect((await message(shop)).statusCode).toBe(201), eventually);
  });

  it('keep failed logins in the database, not in Redis', async () => {
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
    expect(await redis(url).keys(`${keyPrefix}*`)).toEqual([]);
  });

  it('are counted on each server while Redis is away (one warning), and in Redis again when it is back', async () => {
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
    expect(await redis(url).get(`${keyPrefix}messages-ip:10.9.0.1`)).toBe('3');
  });

  it('start while Redis is down, counting on their own, and close without waiting for it', async () => {
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
