import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { uniqueEmail } from '../test-support/accounts.js';
import { test as base } from '../test-support/fixture.js';
import { oneNetwork } from '../test-support/networks.js';
import { addressKey } from './address-key.js';

// A /64's share of the password-hashing line is hash-line-share.test.ts's (a shop of its settings).
base.override('shopOptions', {
  demo: true,
  env: {
    RATE_LIMIT_MESSAGES_PER_IP: '2',
    RATE_LIMIT_SIGNUPS_PER_IP: '2',
    RATE_LIMIT_LOGIN_FAILURES_PER_IP: '3',
    RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '2',
    RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '4',
    RATE_LIMIT_REFRESHES_PER_IP: '2',
    RATE_LIMIT_PASSWORD_RESETS_PER_IP: '2',
    RATE_LIMIT_PURCHASES_PER_IP: '2',
    RATE_LIMIT_PAYMENTS_PER_IP: '2',
  },
});

const test = base
  /** `post(url, payload, remoteAddress, token?)`: a POST from that address, signed in with the token if given. */
  .extend(
    'post',
    { scope: 'file' },
    ({ as }) =>
      (url: string, payload: object, remoteAddress: string, token?: string) =>
        as(token ? { accessToken: token } : null, { remoteAddress }).post(url, payload),
  )
  /** An account signed up from an IPv4 address of its own (the sign-up limit is not what is tested). */
  .extend('account', { scope: 'file' }, ({ post }) => {
    let accounts = 0;
    return async () => {
      accounts++;
      const body = { name: 'Dual Stack', email: uniqueEmail('v6'), password: 'correct horse battery' };
      const res = await post('/api/auth/signup', body, `198.18.${accounts}.1`);
      expect(res.statusCode).toBe(201);
      return { ...body, ...(res.json() as { accessToken: string; refreshToken: string }) };
    };
  });

// One IPv6 customer gets a /64 (or more) and picks any address in it at will: a limit per address
// counted per IPv6 address is no limit. IPv4 addresses stay one by one.
describe('the address a limit counts', () => {
  test('is the /64 of an IPv6 address, however it is written', () => {
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:0:0:0:7')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80::/64');
    expect(addressKey('::1')).toBe('::/64');
  });

  test('is the address itself for IPv4, and for IPv4 written as IPv6 (::ffff:a.b.c.d)', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('203.0.113.8')).toBe('203.0.113.8');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  test('is what it was given when that is no address', () => {
    expect(addressKey('')).toBe('');
    expect(addressKey('not an address')).toBe('not an address');
  });
});

describe('every limit per address', () => {
  test('counts one /64 as one address for home-page messages; IPv4 addresses one by one', async ({
    post,
  }) => {
    const next = oneNetwork('2001:db8:10:1');
    const message = { kind: 'contact', email: 'visitor@example.com', message: 'Do you ship to Sylhet?' };
    const fromNetwork = [];
    for (let i = 0; i < 3; i++) fromNetwork.push((await post('/api/messages', message, next())).statusCode);
    expect(fromNetwork).toEqual([201, 201, 429]);
    // The next /64 is someone else.
    expect((await post('/api/messages', message, '2001:db8:10:2::1')).statusCode).toBe(201);
    const fromV4 = [];
    for (const ip of ['192.0.2.1', '192.0.2.1', '192.0.2.2', '::ffff:192.0.2.1'])
      fromV4.push((await post('/api/messages', message, ip)).statusCode);
    expect(fromV4).toEqual([201, 201, 201, 429]);
  });

  test('counts one /64 as one address for sign-ups', async ({ post }) => {
    const next = oneNetwork('2001:db8:11:1');
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const body = { name: 'Dual Stack', email: uniqueEmail('v6'), password: 'correct horse battery' };
      statuses.push((await post('/api/auth/signup', body, next())).statusCode);
    }
    expect(statuses).toEqual([201, 201, 429]);
  });

  test('counts one /64 as one address for failed logins, per address and per email from it', async ({
    post,
    account,
  }) => {
    const perAddress = oneNetwork('2001:db8:12:1');
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const body = { email: uniqueEmail('nobody'), password: 'guessing away' };
      statuses.push((await post('/api/auth/login', body, perAddress())).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);

    const owner = await account();
    const perEmail = oneNetwork('2001:db8:12:2');
    const guesses = [];
    for (let i = 0; i < 3; i++) {
      const body = { email: owner.email, password: 'guessing away' };
      guesses.push((await post('/api/auth/login', body, perEmail())).statusCode);
    }
    expect(guesses).toEqual([401, 401, 429]);
  });

  test("keeps an owner's /64 theirs when their address in it changes", async ({ post, account }) => {
    const owner = await account();
    const home = oneNetwork('2001:db8:13:1');
    const signIn = { email: owner.email, password: owner.password };
    expect((await post('/api/auth/login', signIn, home())).statusCode).toBe(200);
    // Strangers fill the account's ceiling (4) from networks of their own.
    const guesses = [];
    for (let i = 0; i < 5; i++) {
      const body = { email: owner.email, password: 'guessing away' };
      guesses.push((await post('/api/auth/login', body, `2001:db8:13:${i + 10}::1`)).statusCode);
    }
    expect(guesses).toEqual([401, 401, 401, 401, 429]);
    expect((await post('/api/auth/login', signIn, home())).statusCode).toBe(200);
  });

  test('counts one /64 as one address for refreshes', async ({ post, account }) => {
    const next = oneNetwork('2001:db8:14:1');
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const { refreshToken } = await account();
      statuses.push((await post('/api/auth/refresh', { refreshToken }, next())).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  test('counts one /64 as one address for password reset requests', async ({ post }) => {
    const next = oneNetwork('2001:db8:15:1');
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (await post('/api/auth/password-reset/request', { email: uniqueEmail('reset') }, next())).statusCode,
      );
    expect(statuses).toEqual([202, 202, 429]);
  });

  test('counts one /64 as one address for purchases and payment confirmations', async ({
    as,
    post,
    account,
  }) => {
    const [part] = (await as(null).get('/api/parts?limit=1')).json();
    const order = {
      partsId: part._id,
      quantity: part.min_order_quantity,
      mobile: '+880 1712 345678',
      address: 'Dhaka',
    };
    const buyNext = oneNetwork('2001:db8:16:1');
    const purchases = [];
    for (let i = 0; i < 3; i++) {
      const buyer = await account();
      purchases.push((await post('/api/purchase', order, buyNext(), buyer.accessToken)).statusCode);
    }
    expect(purchases).toEqual([201, 201, 429]);

    const payNext = oneNetwork('2001:db8:16:2');
    const payments = [];
    for (let i = 0; i < 3; i++) {
      const buyer = await account();
      const res = await as(buyer, { remoteAddress: payNext() }).put(`/api/purchaseById/${randomUUID()}`, {
        paymentId: 'pi_unknown',
      });
      payments.push(res.statusCode);
    }
    expect(payments).toEqual([404, 404, 429]);
  });
});
