import { describe, expect } from 'vitest';
import { signUp, uniqueEmail } from '../../test-support/accounts.js';
import { test } from '../../test-support/fixture.js';

// Beside hashing.test.ts: one hashing, one waiting. Five failed logins lock the account: a
// refusal must not count as one.
test.override('shopOptions', {
  demo: false,
  env: {
    PASSWORD_HASH_CONCURRENCY: '1',
    PASSWORD_HASH_QUEUE: '1',
    RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '5',
  },
});

describe('password hashing under load', () => {
  test('refuses sign-ins beyond the waiting line with 503 and retry-after, and does not count them as failures', async ({
    shop,
    as,
  }) => {
    const account = await signUp(shop.app);
    const login = (password: string) => as(null).post('/api/auth/login', { email: account.email, password });
    const answers = await Promise.all(Array.from({ length: 5 }, () => login(account.password)));
    const refused = answers.filter((res) => res.statusCode === 503);
    const signedIn = answers.filter((res) => res.statusCode === 200);
    // One hashing, one waiting: the others (unless the first hash ended before they came) are refused.
    expect(signedIn.length + refused.length).toBe(5);
    expect(signedIn.length).toBeGreaterThanOrEqual(2);
    for (const res of refused) {
      expect(res.json()).toEqual({
        error: { code: 'unavailable', message: expect.stringMatching(/try again/i) },
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    // Neither the refused nor the successful ones counted: all five failures are still to come.
    const wrong = [];
    for (let i = 0; i < 6; i++) wrong.push((await login('wrong password')).statusCode);
    expect(wrong).toEqual([401, 401, 401, 401, 401, 429]);

    // Sign-up hashes too, in the same line.
    const signups = await Promise.all(
      Array.from({ length: 8 }, () =>
        as(null).post('/api/auth/signup', {
          name: 'Flood Buyer',
          email: uniqueEmail(),
          password: 'correct horse battery',
        }),
      ),
    );
    expect(signups.every((res) => res.statusCode === 201 || res.statusCode === 503)).toBe(true);
  });
});
