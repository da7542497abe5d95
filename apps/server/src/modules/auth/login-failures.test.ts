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

const codes = (answers: { statusCode: number }[]) => answers.map((res) => res.statusCode);
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

/** A line long enough that no login of these bursts is turned away for want of a place (503). */
const roomy = { PASSWORD_HASH_QUEUE: '200', PASSWORD_HASH_QUEUE_PER_IP: '200' };

/** A shop of the test's own with these login limits (and a roomy hash line), and an account on it. */
async function accountOnShop(limits: Record<string, string>) {
  shop = await createTestShop({ demo: false, env: { ...roomy, ...limits } });
  return signUp(shop.app);
}

/** Failures allowed per email and address, and per account. */
const ceilings = (perEmail: number, perAccount: number) => ({
  RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: String(perEmail),
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: String(perAccount),
});

/** `times` logins at once, the i-th from `address(i)`. */
const burst = (times: number, email: string, password: string, address: (i: number) => string) =>
  Promise.all(Array.from({ length: times }, (_, i) => login(email, password, address(i))));

/** `times` logins one after another, the i-th from `address(i)`: their statuses. */
async function inTurn(times: number, email: string, password: string, address: (i: number) => string) {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await login(email, password, address(i))).statusCode);
  return statuses;
}

describe('the failed-login limit', () => {
  it('lets a burst of 50 parallel wrong passwords check exactly the limit, the rest 429 without a hash', async () => {
    const victim = await accountOnShop({ RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '7' });
    const answers = await burst(50, victim.email, 'wrong password!', () => '10.20.0.1');
    const statuses = codes(answers);
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
    const victim = await accountOnShop(ceilings(5, 12));
    const statuses = codes(await burst(40, victim.email, 'wrong password!', (i) => `10.30.${i}.1`));
    expect(count(statuses, 401)).toBe(12);
    expect(count(statuses, 429)).toBe(28);
  });

  it('does not let a flood from one address lock the owner out: the owner signs in from another', async () => {
    const victim = await accountOnShop(ceilings(5, 12));
    const statuses = codes(await burst(30, victim.email, 'guessing away', () => '203.0.113.9'));
    expect(count(statuses, 401)).toBe(5);
    expect(count(statuses, 429)).toBe(25);
    expect((await login(victim.email, victim.password, '198.51.100.7')).statusCode).toBe(200);
    // The flooding address is still refused, even the right password.
    expect((await login(victim.email, victim.password, '203.0.113.9')).statusCode).toBe(429);

    // Guessing spread over addresses meets the account's ceiling: 5 counted above, 7 more here.
    const spread = await inTurn(8, victim.email, 'guessing away', (i) => `192.0.2.${i}`);
    expect(spread).toEqual([401, 401, 401, 401, 401, 401, 401, 429]);
    // Which stops every address the account has not signed in from, not the owner's.
    expect((await login(victim.email, victim.password, '198.51.100.99')).statusCode).toBe(429);
    expect((await login(victim.email, victim.password, '198.51.100.7')).statusCode).toBe(200);
  });

  it('does not let strangers spread over many addresses lock the owner out of the address they sign in from', async () => {
    const owner = await accountOnShop(ceilings(5, 12));
    expect((await login(owner.email, owner.password, '198.51.100.7')).statusCode).toBe(200);
    const statuses = codes(await burst(40, owner.email, 'guessing away', (i) => `10.50.${i}.1`));
    expect(count(statuses, 401)).toBe(12);
    expect(count(statuses, 429)).toBe(28);
    // The account's ceiling is full for strangers' addresses, the right password included ...
    expect((await login(owner.email, owner.password, '10.50.99.1')).statusCode).toBe(429);
    // ... and the owner signs in from theirs (signed in there before), parallel sign-ins too.
    const owners = await burst(3, owner.email, owner.password, () => '198.51.100.7');
    expect(codes(owners)).toEqual([200, 200, 200]);
    // The address the account signed up from is the owner's too.
    expect((await login(owner.email, owner.password, '127.0.0.1')).statusCode).toBe(200);
  });

  it('does not let strangers use up the per-hour ceiling of the owner', async () => {
    const owner = await accountOnShop({ RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL_HOUR: '10' });
    expect((await login(owner.email, owner.password, '2001:db8:7::7')).statusCode).toBe(200);
    const flood = await inTurn(12, owner.email, 'guessing away', (i) => `192.0.2.${i}`);
    expect(count(flood, 401)).toBe(10);
    expect(count(flood, 429)).toBe(2);
    expect((await login(owner.email, owner.password, '192.0.2.200')).statusCode).toBe(429);
    expect((await login(owner.email, owner.password, '2001:db8:7::7')).statusCode).toBe(200);
  });

  it("counts the owner's addresses under ceilings of their own", async () => {
    const owner = await accountOnShop(ceilings(5, 8));
    for (const address of ['198.51.100.7', '198.51.100.8'])
      expect((await login(owner.email, owner.password, address)).statusCode).toBe(200);
    const fromFirst = await inTurn(6, owner.email, 'typo of mine', () => '198.51.100.7');
    expect(fromFirst).toEqual([401, 401, 401, 401, 401, 429]);
    const fromSecond = await inTurn(4, owner.email, 'typo of mine', () => '198.51.100.8');
    expect(fromSecond).toEqual([401, 401, 401, 429]);
    expect((await login(owner.email, owner.password, '198.51.100.8')).statusCode).toBe(429);
    // Addresses the account never signed in from still have their own ceiling to meet.
    expect((await login(owner.email, 'guessing away', '192.0.2.1')).statusCode).toBe(401);
  });

  it('does not count successful logins', async () => {
    const buyer = await accountOnShop({ RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '3' });
    const signedIn = await burst(3, buyer.email, buyer.password, () => '10.40.0.1');
    expect(codes(signedIn)).toEqual([200, 200, 200]);
    for (let i = 0; i < 3; i++)
      expect((await login(buyer.email, 'wrong password!', '10.40.0.1')).statusCode).toBe(401);
    expect((await login(buyer.email, 'wrong password!', '10.40.0.1')).statusCode).toBe(429);
  });
});
