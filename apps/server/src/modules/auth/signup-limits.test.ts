import { describe, expect } from 'vitest';
import { signUp, uniqueEmail } from '../../test-support/accounts.js';
import { test } from '../../test-support/fixture.js';

// Beside routes.test.ts: a shop that allows 2 sign-ups an address and 2 an email (each test
// keeps to one of them: its own addresses, or emails of its own).
test.override('shopOptions', {
  demo: false,
  env: { RATE_LIMIT_SIGNUPS_PER_IP: '2', RATE_LIMIT_SIGNUPS_PER_EMAIL: '2' },
});

describe('rate limits', () => {
  test('limit sign-ups per address', async ({ shop, as }) => {
    await signUp(shop.app);
    await signUp(shop.app);
    const third = await as(null).post('/api/auth/signup', {
      name: 'Third',
      email: uniqueEmail(),
      password: 'long enough pw',
    });
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('sign-ups per email', () => {
  test('are limited too, whatever the address they come from', async ({ as }) => {
    const email = uniqueEmail();
    const attempt = (ip: string) =>
      as(null, { remoteAddress: ip }).post('/api/auth/signup', {
        name: 'Same Email',
        email,
        password: 'long enough pw',
      });
    expect((await attempt('10.0.0.1')).statusCode).toBe(201);
    expect((await attempt('10.0.0.2')).statusCode).toBe(409);
    const third = await attempt('10.0.0.3');
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('rate_limited');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });
});
