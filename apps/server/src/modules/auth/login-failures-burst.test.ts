import { describe, expect } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { count, failedLoginsTest } from '../../test-support/failed-logins.js';

// Beside login-failures.test.ts: a shop that checks 7 wrong passwords an email and address.
const test = failedLoginsTest({ RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '7' });

describe('the failed-login limit', () => {
  test('lets a burst of 50 parallel wrong passwords check exactly the limit, the rest 429 without a hash', async ({
    shop,
    login,
  }) => {
    const victim = await signUp(shop.app);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => login(victim.email, 'wrong password!', '10.20.0.1')),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(count(statuses, 401)).toBe(7);
    expect(count(statuses, 429)).toBe(43);
    for (const res of answers.filter((r) => r.statusCode === 429)) {
      expect(res.json().error.code).toBe('rate_limited');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The right password from that address waits for the window too.
    expect((await login(victim.email, victim.password, '10.20.0.1')).statusCode).toBe(429);
  });
});
