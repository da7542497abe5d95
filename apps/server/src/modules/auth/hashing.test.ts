import { afterEach, describe, expect, it } from 'vitest';
import { newId, nowIso } from '../../clock.js';
import { signUp, uniqueEmail } from '../../test-support/accounts.js';
import { createTestShop, type TestShop } from '../../test-support/test-app.js';
import { hashPassword, verifyPassword } from './password.js';

// Sign-ins through the whole shop at the real cost (128 MiB a hash): counts, never times.
let shop: TestShop | undefined;
afterEach(async () => {
  await shop?.close();
  shop = undefined;
});

const login = (app: TestShop['app'], email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('password hashing under load', () => {
  it('a login flood still signs everybody in, each as themselves', { timeout: 120_000 }, async () => {
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

  it('refuses sign-ins beyond the waiting line with 503 and retry-after, and does not count them as failures', {
    timeout: 120_000,
  }, async () => {
    shop = await createTestShop({
      demo: false,
      // One failed login for the account would lock it: a refusal must not count as one.
      env: {
        PASSWORD_HASH_CONCURRENCY: '1',
        PASSWORD_HASH_QUEUE: '1',
        RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '1',
      },
    });
    const { app } = shop;
    const account = await signUp(app);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => login(app, account.email, account.password)),
    );
    const refused = answers.filter((res) => res.statusCode === 503);
    const signedIn = answers.filter((res) => res.statusCode === 200);
    // One hashing, one waiting: the others (all, unless the first hash ended before they came) are refused.
    expect(signedIn.length + refused.length).toBe(5);
    expect(signedIn.length).toBeGreaterThanOrEqual(2);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const res of refused) {
      expect(res.json()).toEqual({
        error: { code: 'unavailable', message: expect.stringMatching(/try again/i) },
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect((await login(app, account.email, account.password)).statusCode).toBe(200);

    // Sign-up hashes too, in the same line.
    const signups = await Promise.all(
      Array.from({ length: 5 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: { name: 'Flood Buyer', email: uniqueEmail(), password: 'correct horse battery' },
        }),
      ),
    );
    expect(signups.filter((res) => res.statusCode === 503).length).toBeGreaterThanOrEqual(1);
    expect(signups.every((res) => res.statusCode === 201 || res.statusCode === 503)).toBe(true);
  });

  it('keeps the stored format: hashes from before sign in, and new ones verify as before', {
    timeout: 60_000,
  }, async () => {
    shop = await createTestShop({ demo: false });
    const { app, database } = shop;
    const email = uniqueEmail();
    await database.db
      .insertInto('users')
      .values({
        id: newId(),
        name: 'Earlier Buyer',
        email,
        password_hash: await hashPassword('an earlier password'),
        role: null,
        mobile: null,
        created_at: nowIso(),
      })
      .execute();
    expect((await login(app, email, 'an earlier password')).statusCode).toBe(200);
    expect((await login(app, email, 'not the password')).statusCode).toBe(401);

    const account = await signUp(app);
    const row = await database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', account.uid)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword(account.password, row.password_hash ?? '')).toBe(true);
  });
});
