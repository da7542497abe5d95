import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { bearer, signUp } from '../test-support/accounts.js';
import { companyWithMembers } from '../test-support/companies.js';
import { anotherServer, createTestShop, type TestShop } from '../test-support/test-app.js';

// The shop's limits (@fastify/rate-limit, and the failed logins in the database), through HTTP.
const shops: TestShop[] = [];
afterAll(async () => {
  for (const shop of shops) await shop.close();
});

async function shopWith(env: Record<string, string>, demo = false) {
  const shop = await createTestShop({ demo, env });
  shops.push(shop);
  return shop;
}

const message = (shop: TestShop, remoteAddress = '10.9.0.1') =>
  shop.app.inject({
    method: 'POST',
    url: '/api/messages',
    payload: { kind: 'contact', email: 'buyer@example.com', message: 'Do you ship to Chittagong?' },
    remoteAddress,
  });

describe('a limit', () => {
  it('admits exactly its maximum of 50 parallel requests, and refuses the rest with 429 and retry-after', async () => {
    const shop = await shopWith({ RATE_LIMIT_MESSAGES_PER_IP: '7' });
    const answers = await Promise.all(Array.from({ length: 50 }, () => message(shop)));
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(7);
    const refused = answers.filter((res) => res.statusCode !== 201);
    expect(refused).toHaveLength(43);
    for (const res of refused) {
      expect(res.statusCode).toBe(429);
      const seconds = Number(res.headers['retry-after']);
      expect(seconds).toBeGreaterThanOrEqual(599);
      expect(seconds).toBeLessThanOrEqual(600);
      expect(res.json()).toEqual({
        error: { code: 'rate_limited', message: `Too many attempts. Try again in ${seconds} seconds.` },
      });
      // The shop's answer alone: no counts of the limit in headers.
      expect(Object.keys(res.headers).filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
    }
    // Keys count apart (another address), and so do limits (a sign-up from the refused address).
    expect((await message(shop, '10.9.0.2')).statusCode).toBe(201);
    expect((await signUp(shop.app)).accessToken).toBeTruthy();
  });

  it('admits again once its window has ended', async () => {
    const shop = await shopWith({ RATE_LIMIT_MESSAGES_PER_IP: '1', RATE_LIMIT_WINDOW_SECONDS: '1' });
    // Windows of one second: however slow the machine, a refusal comes, and then an end to it.
    const eventually = { timeout: 15_000, interval: 50 };
    await vi.waitFor(async () => expect((await message(shop)).statusCode).toBe(429), eventually);
    await vi.waitFor(async () => expect((await message(shop)).statusCode).toBe(201), eventually);
  });
});

describe('the failed-login limit', () => {
  it('survives a restart: a new server on the same database still refuses', async () => {
    const env = { RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '3' };
    const shop = await shopWith(env);
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
    const shop = await shopWith({
      RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '1000',
      RATE_LIMIT_LOGIN_FAILURES_PER_IP: '1000',
      RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL_HOUR: '4',
    });
    const buyer = await signUp(shop.app);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: `10.9.0.${i + 1}`,
        payload: { email: buyer.email, password: 'wrong password!' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });
});

describe('refreshes per account', () => {
  it('are limited whatever the addresses', async () => {
    const shop = await shopWith({ RATE_LIMIT_REFRESHES_PER_ACCOUNT: '2' });
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

const order = (
  shop: TestShop,
  token: string,
  part: { _id: string; min_order_quantity: number },
  many = false,
) =>
  shop.app.inject({
    method: 'POST',
    url: many ? '/api/orders' : '/api/purchase',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      ...(many
        ? { lines: [{ partsId: part._id, quantity: part.min_order_quantity }] }
        : { partsId: part._id, quantity: part.min_order_quantity }),
      mobile: '+880 1712 345678',
      address: 'Dhaka',
    },
  });

describe('purchases per address', () => {
  it('are limited whatever the accounts, one purchase and one order alike', async () => {
    const shop = await shopWith({ RATE_LIMIT_PURCHASES_PER_IP: '2' }, true);
    const [part] = (await shop.app.inject({ method: 'GET', url: '/api/parts?limit=1' })).json();
    const statuses: number[] = [];
    for (const many of [false, true, false]) {
      const buyer = await signUp(shop.app);
      statuses.push((await order(shop, buyer.accessToken, part, many)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 429]);
  });
});

describe('purchases and payment confirmations per account', () => {
  it('are limited, 429 with retry-after', async () => {
    const shop = await shopWith({ RATE_LIMIT_PURCHASES_PER_ACCOUNT: '2' }, true);
    const buyer = await signUp(shop.app);
    const [part] = (await shop.app.inject({ method: 'GET', url: '/api/parts?limit=1' })).json();
    expect((await order(shop, buyer.accessToken, part)).statusCode).toBe(201);
    expect((await order(shop, buyer.accessToken, part, true)).statusCode).toBe(201);
    const third = await order(shop, buyer.accessToken, part);
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('invitations', () => {
  it('are limited per inviting account, and per company for its admins only', async () => {
    const shop = await shopWith({
      RATE_LIMIT_INVITATIONS_PER_ACCOUNT: '2',
      RATE_LIMIT_INVITATIONS_PER_COMPANY: '3',
    });
    const [first, second, outsider] = [
      await signUp(shop.app),
      await signUp(shop.app),
      await signUp(shop.app),
    ];
    const companyId = await companyWithMembers(shop.database.db, [
      { uid: first.uid, role: 'admin' },
      { uid: second.uid, role: 'admin' },
    ]);
    let n = 0;
    const invite = async (by: typeof first) =>
      (
        await shop.app.inject({
          method: 'POST',
          url: `/api/companies/${companyId}/invitations`,
          headers: bearer(by),
          payload: { email: `invitee-${n++}@example.com`, role: 'buyer' },
        })
      ).statusCode;
    // An outsider is refused (403) without spending the company's invitations.
    expect(await invite(outsider)).toBe(403);
    expect([await invite(first), await invite(first), await invite(first)]).toEqual([201, 201, 429]);
    // The company's third invitation is the second admin's first; its fourth is refused.
    expect([await invite(second), await invite(second)]).toEqual([201, 429]);
  });
});
