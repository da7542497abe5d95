import { describe, expect } from 'vitest';
import { signUp, uniqueEmail } from '../../test-support/accounts.js';
import { test } from '../../test-support/fixture.js';

// Beside hashing.test.ts: one hashing, ten waiting, five of them at most from one address.
test.override('shopOptions', {
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

describe('password hashing under load', () => {
  test('one address flooding the line cannot take every place: others still sign in meanwhile', async ({
    shop,
    as,
  }) => {
    const login = (email: string, password: string, remoteAddress: string) =>
      as(null, { remoteAddress }).post('/api/auth/login', { email, password });
    const victims = await Promise.all([signUp(shop.app), signUp(shop.app), signUp(shop.app)]);
    const flood = Array.from({ length: 60 }, () => login(uniqueEmail('guess'), 'guessing away', '10.66.0.1'));
    const others = victims.map((victim, i) => login(victim.email, victim.password, `10.1.0.${i + 1}`));
    const [floodAnswers, otherAnswers] = await Promise.all([Promise.all(flood), Promise.all(others)]);
    expect(otherAnswers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    const statuses = floodAnswers.map((res) => res.statusCode);
    expect(statuses.every((s) => s === 401 || s === 503)).toBe(true);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
  });
});
