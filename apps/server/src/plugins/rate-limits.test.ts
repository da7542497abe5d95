import { describe, expect } from 'vitest';
import { loadConfig } from '../config.js';
import { signUp } from '../test-support/accounts.js';
import { companyWithMembers } from '../test-support/companies.js';
import { test as base, type Caller } from '../test-support/fixture.js';

// The shop's limits (@fastify/rate-limit, and the failed logins in the database), through HTTP.
// Each test meets a limit of its own; a window of a second is rate-limit-window.test.ts, failed
// logins across a restart rate-limits-restart.test.ts.
base.override('shopOptions', {
  demo: true,
  env: {
    RATE_LIMIT_MESSAGES_PER_IP: '7',
    RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '1000',
    RATE_LIMIT_LOGIN_FAILURES_PER_IP: '1000',
    RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL_HOUR: '4',
    RATE_LIMIT_REFRESHES_PER_ACCOUNT: '2',
    RATE_LIMIT_PURCHASES_PER_IP: '2',
    RATE_LIMIT_PURCHASES_PER_ACCOUNT: '2',
    RATE_LIMIT_INVITATIONS_PER_ACCOUNT: '2',
    RATE_LIMIT_INVITATIONS_PER_COMPANY: '3',
  },
});

/** `message(remoteAddress?)`: a home-page message from that address; `part`: the catalog's first part. */
const test = base
  .extend(
    'message',
    { scope: 'file' },
    ({ as }) =>
      (remoteAddress = '10.9.0.1') =>
        as(null, { remoteAddress }).post('/api/messages', {
          kind: 'contact',
          email: 'buyer@example.com',
          message: 'Do you ship to Chittagong?',
        }),
  )
  .extend(
    'part',
    { scope: 'file' },
    async ({ as }): Promise<{ _id: string; min_order_quantity: number }> =>
      (await as(null).get('/api/parts?limit=1')).json()[0],
  );

describe('a limit', () => {
  test('admits exactly its maximum of 50 parallel requests, and refuses the rest with 429 and retry-after', async ({
    shop,
    message,
  }) => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => message()));
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
    expect((await message('10.9.0.2')).statusCode).toBe(201);
    expect((await signUp(shop.app)).accessToken).toBeTruthy();
  });
});

describe('the failed-login limit', () => {
  test('caps failures per account per hour (100 at most; 4 here), whatever the addresses', async ({
    shop,
    as,
  }) => {
    expect(loadConfig({}).rateLimits.loginFailuresPerEmailHour).toBe(100);
    expect(() => loadConfig({ RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL_HOUR: '101' })).toThrow(/PER_EMAIL_HOUR/);
    const buyer = await signUp(shop.app);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await as(null, { remoteAddress: `10.9.0.${i + 1}` }).post('/api/auth/login', {
        email: buyer.email,
        password: 'wrong password!',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });
});

describe('refreshes per account', () => {
  test('are limited whatever the addresses', async ({ shop, as }) => {
    let { refreshToken } = await signUp(shop.app);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await as(null, { remoteAddress: `10.8.0.${i + 1}` }).post('/api/auth/refresh', {
        refreshToken,
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 200) refreshToken = res.json().refreshToken;
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});

/** The buyer's purchase of the part's minimum, or with `many` an order of it as one line. */
const order = (buyer: Caller, part: { _id: string; min_order_quantity: number }, many = false) =>
  buyer.post(many ? '/api/orders' : '/api/purchase', {
    ...(many
      ? { lines: [{ partsId: part._id, quantity: part.min_order_quantity }] }
      : { partsId: part._id, quantity: part.min_order_quantity }),
    mobile: '+880 1712 345678',
    address: 'Dhaka',
  });

describe('purchases per address', () => {
  test('are limited whatever the accounts, one purchase and one order alike', async ({ shop, as, part }) => {
    const statuses: number[] = [];
    for (const many of [false, true, false]) {
      const buyer = await signUp(shop.app);
      statuses.push((await order(as(buyer), part, many)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 429]);
  });
});

describe('purchases and payment confirmations per account', () => {
  test('are limited, 429 with retry-after', async ({ shop, as, part }) => {
    // From an address of the buyer's own: the purchases per address are the test above's.
    const buyer = as(await signUp(shop.app), { remoteAddress: '10.7.0.1' });
    expect((await order(buyer, part)).statusCode).toBe(201);
    expect((await order(buyer, part, true)).statusCode).toBe(201);
    const third = await order(buyer, part);
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('invitations', () => {
  test('are limited per inviting account, and per company for its admins only', async ({ shop, as }) => {
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
        await as(by).post(`/api/companies/${companyId}/invitations`, {
          email: `invitee-${n++}@example.com`,
          role: 'buyer',
        })
      ).statusCode;
    // An outsider is refused (403) without spending the company's invitations.
    expect(await invite(outsider)).toBe(403);
    expect([await invite(first), await invite(first), await invite(first)]).toEqual([201, 201, 429]);
    // The company's third invitation is the second admin's first; its fourth is refused.
    expect([await invite(second), await invite(second)]).toEqual([201, 429]);
  });
});
