import { describe, expect } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { count, failedLoginsTest } from '../../test-support/failed-logins.js';

// Failed logins take their place before the hash: counts of answers, on SQLite and PostgreSQL.
// One configuration a file: login-failures-*.test.ts are the others.
const test = failedLoginsTest({
  RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '5',
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '12',
});

describe('the failed-login limit', () => {
  test('holds the per-account ceiling against a parallel burst from many addresses', async ({
    shop,
    login,
  }) => {
    const victim = await signUp(shop.app);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(victim.email, 'wrong password!', `10.30.${i}.1`)),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(count(statuses, 401)).toBe(12);
    expect(count(statuses, 429)).toBe(28);
  });

  test('does not let a flood from one address lock the owner out: the owner signs in from another', async ({
    shop,
    login,
  }) => {
    const victim = await signUp(shop.app);
    const flood = await Promise.all(
      Array.from({ length: 30 }, () => login(victim.email, 'guessing away', '203.0.113.9')),
    );
    const statuses = flood.map((res) => res.statusCode);
    expect(count(statuses, 401)).toBe(5);
    expect(count(statuses, 429)).toBe(25);
    expect((await login(victim.email, victim.password, '198.51.100.7')).statusCode).toBe(200);
    // The flooding address is still refused, even the right password.
    expect((await login(victim.email, victim.password, '203.0.113.9')).statusCode).toBe(429);

    // Guessing spread over addresses meets the account's ceiling: 5 counted above, 7 more here.
    const spread: number[] = [];
    for (let i = 0; i < 8; i++)
      spread.push((await login(victim.email, 'guessing away', `192.0.2.${i}`)).statusCode);
    expect(spread).toEqual([401, 401, 401, 401, 401, 401, 401, 429]);
    // Which stops every address the account has not signed in from, not the owner's.
    expect((await login(victim.email, victim.password, '198.51.100.99')).statusCode).toBe(429);
    expect((await login(victim.email, victim.password, '198.51.100.7')).statusCode).toBe(200);
  });

  test('does not let strangers spread over many addresses lock the owner out of the address they sign in from', async ({
    shop,
    login,
  }) => {
    const owner = await signUp(shop.app);
    expect((await login(owner.email, owner.password, '198.51.100.7')).statusCode).toBe(200);
    const flood = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(owner.email, 'guessing away', `10.50.${i}.1`)),
    );
    const statuses = flood.map((res) => res.statusCode);
    expect(count(statuses, 401)).toBe(12);
    expect(count(statuses, 429)).toBe(28);
    // The account's ceiling is full for strangers' addresses, the right password included ...
    expect((await login(owner.email, owner.password, '10.50.99.1')).statusCode).toBe(429);
    // ... and the owner signs in from theirs (signed in there before), parallel sign-ins too.
    const owners = await Promise.all(
      Array.from({ length: 3 }, () => login(owner.email, owner.password, '198.51.100.7')),
    );
    expect(owners.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    // The address the account signed up from is the owner's too.
    expect((await login(owner.email, owner.password, '127.0.0.1')).statusCode).toBe(200);
  });
});
