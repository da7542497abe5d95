import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { signUp } from '../test-support/accounts.js';
import { anotherServer, createTestShop, type TestShop } from '../test-support/test-app.js';
import { databaseRateLimitStore } from './database-rate-limit-store.js';

const shops: TestShop[] = [];
afterAll(async () => {
  for (const shop of shops) await shop.close();
});

describe('the database rate-limit store', () => {
  it('counts in windows, starts a new window when one ends, and keeps counts apart per key', async () => {
    const shop = await createTestShop({ demo: false });
    shops.push(shop);
    const store = databaseRateLimitStore(shop.database.db);
    expect((await store.hit('a', 60_000)).count).toBe(1);
    expect((await store.hit('a', 60_000)).count).toBe(2);
    expect((await store.hit('b', 60_000)).count).toBe(1);
    const hits = await Promise.all(Array.from({ length: 20 }, () => store.hit('c', 60_000)));
    expect(Math.max(...hits.map((h) => h.count))).toBe(20);
    expect((await store.peek('a'))?.count).toBe(2);
    expect((await store.hit('short', 1)).count).toBe(1);
    await new Promise((r) => setTimeout(r, 5));
    expect((await store.hit('short', 1)).count).toBe(1);
    expect(await store.peek('none')).toBeUndefined();
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
