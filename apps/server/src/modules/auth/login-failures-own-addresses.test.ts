import { describe, expect } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { failedLoginsTest } from '../../test-support/failed-logins.js';

// Beside login-failures.test.ts: a shop that checks 5 wrong passwords an email and address, 8 an account.
const test = failedLoginsTest({
  RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '5',
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '8',
});

describe('the failed-login limit', () => {
  test("counts the owner's addresses under ceilings of their own", async ({ shop, login }) => {
    const owner = await signUp(shop.app);
    for (const address of ['198.51.100.7', '198.51.100.8'])
      expect((await login(owner.email, owner.password, address)).statusCode).toBe(200);
    const fromFirst: number[] = [];
    for (let i = 0; i < 6; i++)
      fromFirst.push((await login(owner.email, 'typo of mine', '198.51.100.7')).statusCode);
    expect(fromFirst).toEqual([401, 401, 401, 401, 401, 429]);
    const fromSecond: number[] = [];
    for (let i = 0; i < 4; i++)
      fromSecond.push((await login(owner.email, 'typo of mine', '198.51.100.8')).statusCode);
    expect(fromSecond).toEqual([401, 401, 401, 429]);
    expect((await login(owner.email, owner.password, '198.51.100.8')).statusCode).toBe(429);
    // Addresses the account never signed in from still have their own ceiling to meet.
    expect((await login(owner.email, 'guessing away', '192.0.2.1')).statusCode).toBe(401);
  });
});
