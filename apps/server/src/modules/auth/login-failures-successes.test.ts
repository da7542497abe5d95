import { describe, expect } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { failedLoginsTest } from '../../test-support/failed-logins.js';

// Beside login-failures.test.ts: a shop that checks 3 wrong passwords an email and address.
const test = failedLoginsTest({ RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '3' });

describe('the failed-login limit', () => {
  test('does not count successful logins', async ({ shop, login }) => {
    const buyer = await signUp(shop.app);
    const signedIn = await Promise.all(
      Array.from({ length: 3 }, () => login(buyer.email, buyer.password, '10.40.0.1')),
    );
    expect(signedIn.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    for (let i = 0; i < 3; i++)
      expect((await login(buyer.email, 'wrong password!', '10.40.0.1')).statusCode).toBe(401);
    expect((await login(buyer.email, 'wrong password!', '10.40.0.1')).statusCode).toBe(429);
  });
});
