import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { signUp } from '../test-support/accounts.js';
import { anotherServer, createTestShop, type TestShop } from '../test-support/test-app.js';
import { databaseRateLimitStore } from './database-rate-limit-store.js';
import { memoryRateLimitStore, type RateLimit, RateLimitedError, rateLimit } from './rate-limit.js';

const shops: TestShop[] = [];
afterAll(async () => {
  for (const shop of shops) await shop.close();
});

/** What each of `callers` parallel attempts came to: 'admitted', or the 429 it threw. */
async function parallel(limit: RateLimit, callers: number, key: string) {
  return Promise.all(
    Array.from({ length: callers }, () =>
      limit.consume(key).then(
        () => 'admitted' as const,
        (error: unknown) => error,
      ),
    ),
  );
}

describe('a limit counted in memory', () => {
  it('admits exactly its maximum of 50 parallel callers, and refuses the rest with 429 and retry-after', async () => {
    const limit = rateLimit(memoryRateLimitStore(), { name: 'test', max: 7, windowSeconds: 60 });
    const outcomes = await parallel(limit, 50, 'k');
    expect(outcomes.filter((o) => o === 'admitted')).toHaveLength(7);
    const refused = outcomes.filter((o) => o !== 'admitted');
    expect(refused).toHaveLength(43);
    for (const error of refused) {
      expect(error).toBeInstanceOf(RateLimitedError);
      const { code, message, retryAfterSeconds } = error as RateLimitedError;
      expect(code).toBe('rate_limited');
      expect(retryAfterSeconds).toBeGreaterThanOrEqual(59);
      expect(retryAfterSeconds).toBeLessThanOrEqual(60);
      expect(message).toBe(`Too many attempts. Try again in ${retryAfterSeconds} seconds.`);
    }
    // Keys and limits count apart.
    await expect(limit.consume('other')).resolves.toBeUndefined();
    const another = rateLimit(memoryRateLimitStore(), { name: 'test', max: 1, windowSeconds: 60 });
    await expect(another.consume('k')).resolves.toBeUndefined();
    await expect(another.consume('k')).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('admits again once its window has ended', async () => {
    vi.useFakeTimers();
    try {
      const limit = rateLimit(memoryRateLimitStore(), { name: 'test', max: 1, windowSeconds: 2 });
      await limit.consume('k');
      await expect(limit.consume('k')).rejects.toMatchObject({ retryAfterSeconds: 2 });
      vi.advanceTimersByTime(1500);
      await expect(limit.consume('k')).rejects.toMatchObject({ retryAfterSeconds: 1 });
      vi.advanceTimersByTime(600);
      await expect(limit.consume('k')).resolves.toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the database rate-limit store', () => {
  it('takes a place in every window or in none, exactly up to each maximum, and gives places back', async () => {
    const shop = await createTestShop({ demo: false });
    shops.push(shop);
    const store = databaseRateLimitStore(shop.database.db);
    const minute = 60_000;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => store.reserve([{ key: 'a', max: 5, windowMs: minute }])),
    );
    const held = results.filter((r) => 'held' in r);
    expect(held).toHaveLength(5);
    const full = results.find((r) => 'fullUntil' in r);
    expect(full && 'fullUntil' in full && full.fullUntil).toBeGreaterThan(Date.now());

    // 'a' is full: nothing is taken in 'b' either.
    const both = [
      { key: 'b', max: 1, windowMs: minute },
      { key: 'a', max: 5, windowMs: minute },
    ];
    expect(await store.reserve(both)).toHaveProperty('fullUntil');
    // A place given back in 'a' lets the pair in, once.
    const first = held[0];
    if (!first || !('held' in first)) throw new Error('no place held');
    await store.release(first.held);
    const pair = await store.reserve(both);
    expect(pair).toHaveProperty('held');
    expect(await store.reserve([{ key: 'b', max: 1, windowMs: minute }])).toHaveProperty('fullUntil');

    // A window that has ended starts again.
    expect(await store.reserve([{ key: 'short', max: 1, windowMs: 1 }])).toHaveProperty('held');
    await new Promise((r) => setTimeout(r, 5));
    expect(await store.reserve([{ key: 'short', max: 1, windowMs: 1 }])).toHaveProperty('held');
  });
});

describe('the failed-login limit', () => {
  it('survives a restart: a new server on the same database still refuses', async () => {
    const env = { RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '3' };
    const shop = await createTestShop({ demo: false, env });
    shops.push(shop);
    const buyer = await signUp(shop.app);
    const fail = (app: TestShop['app']) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: buyer.email, password: 'wrong password!' },
      });
    for (let i = 0; i < 3; i++) expect((await fail(shop.app)).statusCode).toBe(401);
    expect((await fail(shop.app)).statusCode).toBe(429);

    // A second server (or the same one restarted) on the same database.
    const restarted = await anotherServer(shop, env);
    try {
      const refused = await restarted.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: buyer.email, password: buyer.password },
      });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await restarted.close();
    }
  });

  it('caps failures per account per hour (100 at most; 4 here), whatever the addresses', async () => {
    expect(loadConfig({}).rateLimits.loginFailuresPerEmailHour).toBe(100);
    expect(() => loadConfig({ RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL_HOUR: '101' })).toThrow(/PER_EMAIL_HOUR/);
    const shop = await createTestShop({
      demo: false,
      env: {
        RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '1000',
        RATE_LIMIT_LOGIN_FAILURES_PER_IP: '1000',
        RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL_HOUR: '4',
      },
    });
    shops.push(shop);
    const buyer = await signUp(shop.app);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: `10.9.${Math.floor(i / 250)}.${i % 250}`,
        payload: { email: buyer.email, password: 'wrong password!' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });
});

describe('refreshes per account', () => {
  it('are limited whatever the addresses', async () => {
    const shop = await createTestShop({ demo: false, env: { RATE_LIMIT_REFRESHES_PER_ACCOUNT: '2' } });
    shops.push(shop);
    let { refreshToken } = await signUp(shop.app);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        remoteAddress: `10.8.0.${i + 1}`,
        payload: { refreshToken },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 200) refreshToken = res.json().refreshToken;
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('purchases per address', () => {
  it('are limited whatever the accounts', async () => {
    const shop = await createTestShop({ demo: true, env: { RATE_LIMIT_PURCHASES_PER_IP: '2' } });
    shops.push(shop);
    const [part] = (await shop.app.inject({ method: 'GET', url: '/api/parts?limit=1' })).json();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const buyer = await signUp(shop.app);
      const res = await shop.app.inject({
        method: 'POST',
        url: '/api/purchase',
        headers: { authorization: `Bearer ${buyer.accessToken}` },
        payload: {
          partsId: part._id,
          quantity: part.min_order_quantity,
          mobile: '+880 1712 345678',
          address: 'Dhaka',
        },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 201, 429]);
  });
});

describe('purchases and payment confirmations per account', () => {
  it('are limited, 429 with retry-after', async () => {
    const shop = await createTestShop({ demo: true, env: { RATE_LIMIT_PURCHASES_PER_ACCOUNT: '2' } });
    shops.push(shop);
    const buyer = await signUp(shop.app);
    const [part] = (await shop.app.inject({ method: 'GET', url: '/api/parts?limit=1' })).json();
    const buy = () =>
      shop.app.inject({
        method: 'POST',
        url: '/api/purchase',
        headers: { authorization: `Bearer ${buyer.accessToken}` },
        payload: {
          partsId: part._id,
          quantity: part.min_order_quantity,
          mobile: '+880 1712 345678',
          address: 'Dhaka',
        },
      });
    expect((await buy()).statusCode).toBe(201);
    expect((await buy()).statusCode).toBe(201);
    const third = await buy();
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });
});
