import { randomBytes, scrypt } from 'node:crypto';
import { promisify } from 'node:util';
import { parseOptions } from '@node-rs/argon2';
import { afterEach, describe, expect, it } from 'vitest';
import { newId, nowIso } from '../../clock.js';
import { signUp, uniqueEmail } from '../../test-support/accounts.js';
import { createTestShop, type TestShop } from '../../test-support/test-app.js';
import { hashPassword, needsRehash, unmatchableHash, verifyPassword } from './password.js';

// Sign-ins through the whole shop at the real cost (argon2id, 19 MiB a hash): counts, never times.
let shop: TestShop | undefined;
afterEach(async () => {
  await shop?.close();
  shop = undefined;
});

const login = (app: TestShop['app'], email: string, password: string, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });

const storedHash = async (email: string) =>
  (
    await shop?.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  )?.password_hash ?? '';

/** A password stored the way the shop stored them before argon2: `scrypt$N$r$p$salt$key`. */
async function scryptHash(password: string, N = 2 ** 17) {
  const salt = randomBytes(16);
  const derive = promisify(scrypt) as (
    p: string,
    s: Buffer,
    len: number,
    o: { N: number; r: number; p: number; maxmem: number },
  ) => Promise<Buffer>;
  const key = await derive(password.normalize('NFKC'), salt, 32, {
    N,
    r: 8,
    p: 1,
    maxmem: 256 * 1024 * 1024,
  });
  return `scrypt$${N}$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

describe('password hashes', () => {
  it('are argon2id at OWASP’s minimum, and the hash an unknown email is checked against costs the same', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[\w+/]{22}\$[\w+/]{43}$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
    const dummy = unmatchableHash();
    expect(parseOptions(dummy)).toEqual(parseOptions(stored));
    expect(await verifyPassword('correct horse battery', dummy)).toBe(false);
    expect(await verifyPassword('anything', 'not a hash')).toBe(false);
    expect(await verifyPassword('anything', '$argon2id$v=19$m=19456,t=2,p=1$broken')).toBe(false);
    expect(needsRehash(await scryptHash('x', 2 ** 10))).toBe(true);
  });
});

describe('password hashing under load', () => {
  it('a login flood still signs everybody in, each as themselves', async () => {
    shop = await createTestShop({
      demo: false,
      env: { PASSWORD_HASH_CONCURRENCY: '2', PASSWORD_HASH_QUEUE: '50' },
    });
    const { app } = shop;
    const accounts = await Promise.all([signUp(app), signUp(app), signUp(app)]);
    const flood = accounts.flatMap((account) =>
      Array.from({ length: 4 }, async () => ({
        account,
        res: await login(app, account.email, account.password),
      })),
    );
    const answers = await Promise.all(flood);
    expect(answers.map(({ res }) => res.statusCode)).toEqual(Array(12).fill(200));
    for (const { account, res } of answers) expect(res.json().user.uid).toBe(account.uid);
  });

  it('refuses sign-ins beyond the waiting line with 503 and retry-after, and does not count them as failures', async () => {
    shop = await createTestShop({
      demo: false,
      // Five failed logins lock the account: a refusal must not count as one.
      env: {
        PASSWORD_HASH_CONCURRENCY: '1',
        PASSWORD_HASH_QUEUE: '1',
        RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '5',
      },
    });
    const { app } = shop;
    const account = await signUp(app);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => login(app, account.email, account.password)),
    );
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
    for (let i = 0; i < 6; i++) wrong.push((await login(app, account.email, 'wrong password')).statusCode);
    expect(wrong).toEqual([401, 401, 401, 401, 401, 429]);

    // Sign-up hashes too, in the same line.
    const signups = await Promise.all(
      Array.from({ length: 8 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: { name: 'Flood Buyer', email: uniqueEmail(), password: 'correct horse battery' },
        }),
      ),
    );
    expect(signups.every((res) => res.statusCode === 201 || res.statusCode === 503)).toBe(true);
  });

  it('one address flooding the line cannot take every place: others still sign in meanwhile', async () => {
    shop = await createTestShop({
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
    const { app } = shop;
    const victims = await Promise.all([signUp(app), signUp(app), signUp(app)]);
    const flood = Array.from({ length: 60 }, () =>
      login(app, uniqueEmail('guess'), 'guessing away', '10.66.0.1'),
    );
    const others = victims.map((victim, i) => login(app, victim.email, victim.password, `10.1.0.${i + 1}`));
    const [floodAnswers, otherAnswers] = await Promise.all([Promise.all(flood), Promise.all(others)]);
    expect(otherAnswers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    const statuses = floodAnswers.map((res) => res.statusCode);
    expect(statuses.every((s) => s === 401 || s === 503)).toBe(true);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
  });
});

describe('hashes from before argon2', () => {
  it('still sign in, and are replaced by argon2id at that login', async () => {
    shop = await createTestShop({ demo: false });
    const { app, database } = shop;
    const email = uniqueEmail();
    const old = await scryptHash('an earlier password');
    await database.db
      .insertInto('users')
      .values({
        id: newId(),
        name: 'Earlier Buyer',
        email,
        password_hash: old,
        role: null,
        mobile: null,
        created_at: nowIso(),
      })
      .execute();
    expect((await login(app, email, 'not the password')).statusCode).toBe(401);
    expect(await storedHash(email)).toBe(old);
    expect((await login(app, email, 'an earlier password')).statusCode).toBe(200);
    const upgraded = await storedHash(email);
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword('an earlier password', upgraded)).toBe(true);
    expect((await login(app, email, 'an earlier password')).statusCode).toBe(200);
    expect(await storedHash(email)).toBe(upgraded);
  });
});
