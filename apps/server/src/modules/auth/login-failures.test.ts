import { afterEach, describe, expect, it } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { createTestShop, type TestShop } from '../../test-support/test-app.js';

// Failed logins take their place before the hash: counts of answers, on SQLite and PostgreSQL.
let shop: TestShop | undefined;
afterEach(async () => {
  await shop?.close();
  shop = undefined;
});

const login = (email: string, password: string, remoteAddress: string) =>
  (shop as TestShop).app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    payload: { email, password },
  });

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

/** A line long enough that no login of these bursts is turned away for want of a place (503). */
const roomy = { PASSWORD_HASH_QUEUE: '200', PASSWORD_HASH_QUEUE_PER_IP: '200' };

describe('the failed-login limit', () => {
  it('lets a burst of 50 parallel wrong passwords check exactly the limit, the rest 429 without a hash', async () => {
    shop = await createTestShop({ demo: false, env: { ...roomy, RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '7' } });
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

  it('holds the per-account ceiling against a parallel burst from many addresses', async () => {
    shop = await createTestShop({
      demo: false,
      env: {
        ...roomy,
        RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '5',
        RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '12',
      },
    });
    const victim = await signUp(shop.app);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(victim.email, 'wrong password!', `10.30.${i}.1`)),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(count(statuses, 401)).toBe(12);
    expect(count(statuses, 429)).toBe(28);
  });

  it('does not let a flood from one address lock the owner out: the owner signs in from another', async () => {
    shop = await createTestShop({
      demo: false,
      env: {
        ...roomy,
        RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '5',
        RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '12',
      },
    });
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

  it('does not let strangers spread over many addresses lock the owner out of the address they sign in from', async () => {
    shop = await createTestShop({
      demo: false,
      env: {
        ...roomy,
        RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '5',
        RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '12',
      },
    });
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

  it('does not let strangers use up the per-hour ceiling of the owner', async () => {
    shop = await createTestShop({
      demo: false,
      env: { ...roomy, RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL_HOUR: '10' },
    });
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

  it("counts the owner's addresses under ceilings of their own", async () => {
    shop = await createTestShop({
      demo: false,
      env: {
        ...roomy,
        RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '5',
        RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '8',
      },
    });
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

  it('does not count successful logins', async () => {
    shop = await createTestShop({ demo: false, env: { ...roomy, RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '3' } });
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
