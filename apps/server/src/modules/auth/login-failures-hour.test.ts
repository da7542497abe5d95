import { describe, expect } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { count, failedLoginsTest } from '../../test-support/failed-logins.js';

// Beside login-failures.test.ts: a shop that checks 10 wrong passwords an email an hour.
const test = failedLoginsTest({ RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL_HOUR: '10' });

describe('the failed-login limit', () => {
  test('does not let strangers use up the per-hour ceiling of the owner', async ({ shop, login }) => {
    const owner = await signUp(shop.app);
    expect((await login(owner.email, owner.password, '2001:db8:7::7')).statusCode).toBe(200);
    const flood: number[] = [];
    for (let i = 0; i < 12; i++)
      flood.push((await login(owner.email, 'guessing away', `192.0.2.${i}`)).statusCode);
    expect(count(flood, 401)).toBe(10);
    expect(count(flood, 429)).toBe(2);
    expect((await login(owner.email, owner.password, '192.0.2.200')).statusCode).toBe(429);
    expect((await login(owner.email, owner.password, '2001:db8:7::7')).statusCode).toBe(200);
  });
});
