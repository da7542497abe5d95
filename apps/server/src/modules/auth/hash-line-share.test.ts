import { describe, expect } from 'vitest';
import { signUp, uniqueEmail } from '../../test-support/accounts.js';
import { test as base } from '../../test-support/fixture.js';
import { oneNetwork } from '../../test-support/networks.js';

// Beside hashing.test.ts: one hashing, ten waiting, five of them at most from one address (an
// IPv6 /64 counting as one, http/address-key.ts).
base.override('shopOptions', {
  demo: false,
  env: {
    PASSWORD_HASH_CONCURRENCY: '1',
    // Alone, the flood would fill the whole line: its share is half of it.
    PASSWORD_HASH_QUEUE: '10',
    PASSWORD_HASH_QUEUE_PER_IP: '5',
    RATE_LIMIT_LOGIN_FAILURES_PER_IP: '1000',
    RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '1000',
    RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '1000',
  },
});

/**
 * `floodWhileSigningIn(victims, floodFrom)`: 60 wrong logins from `floodFrom()`'s addresses while
 * the victims sign in, each from an address of their own: they all do, and the flood meets 503s.
 */
const test = base.extend('floodWhileSigningIn', { scope: 'file' }, ({ as }) => {
  const login = (email: string, password: string, remoteAddress: string) =>
    as(null, { remoteAddress }).post('/api/auth/login', { email, password });
  return async (victims: { email: string; password: string }[], floodFrom: () => string) => {
    const flood = Array.from({ length: 60 }, () => login(uniqueEmail('guess'), 'guessing away', floodFrom()));
    const others = victims.map((victim, i) => login(victim.email, victim.password, `10.1.0.${i + 1}`));
    const [floodAnswers, otherAnswers] = await Promise.all([Promise.all(flood), Promise.all(others)]);
    expect(otherAnswers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    const statuses = floodAnswers.map((res) => res.statusCode);
    expect(statuses.every((s) => s === 401 || s === 503)).toBe(true);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
  };
});

describe('password hashing under load', () => {
  test('one address flooding the line cannot take every place: others still sign in meanwhile', async ({
    shop,
    floodWhileSigningIn,
  }) => {
    const victims = await Promise.all([signUp(shop.app), signUp(shop.app), signUp(shop.app)]);
    await floodWhileSigningIn(victims, () => '10.66.0.1');
  });

  test("gives one /64 one address's share of the line: others still sign in meanwhile", async ({
    as,
    floodWhileSigningIn,
  }) => {
    const victims = [];
    for (let i = 1; i <= 3; i++) {
      const body = { name: 'Victim', email: uniqueEmail('victim'), password: 'correct horse battery' };
      const res = await as(null, { remoteAddress: `10.1.0.${i}` }).post('/api/auth/signup', body);
      expect(res.statusCode).toBe(201);
      victims.push(body);
    }
    // Alone, 60 addresses of one /64 would fill the whole line: their share is half of it.
    await floodWhileSigningIn(victims, oneNetwork('2001:db8:66:1'));
  });
});
