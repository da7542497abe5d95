import { randomBytes, scrypt } from 'node:crypto';
import { promisify } from 'node:util';
import { parseOptions } from '@node-rs/argon2';
import { describe, expect } from 'vitest';
import { newId, nowIso } from '../../clock.js';
import { signUp, uniqueEmail } from '../../test-support/accounts.js';
import { test } from '../../test-support/fixture.js';
import { hashPassword, needsRehash, unmatchableHash, verifyPassword } from './password.js';

// Sign-ins through the whole shop at the real cost (argon2id, 19 MiB a hash): counts, never times.
// Two hashing at once, 50 waiting; a line of one place is hash-line-full.test.ts, an address's
// share of the line hash-line-share.test.ts.
test.override('shopOptions', {
  demo: false,
  env: { PASSWORD_HASH_CONCURRENCY: '2', PASSWORD_HASH_QUEUE: '50' },
});

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
  test('are argon2id at OWASP’s minimum, and the hash an unknown email is checked against costs the same', async () => {
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
  test('a login flood still signs everybody in, each as themselves', async ({ shop, as }) => {
    const accounts = await Promise.all([signUp(shop.app), signUp(shop.app), signUp(shop.app)]);
    const flood = accounts.flatMap((account) =>
      Array.from({ length: 4 }, async () => ({
        account,
        res: await as(null).post('/api/auth/login', { email: account.email, password: account.password }),
      })),
    );
    const answers = await Promise.all(flood);
    expect(answers.map(({ res }) => res.statusCode)).toEqual(Array(12).fill(200));
    for (const { account, res } of answers) expect(res.json().user.uid).toBe(account.uid);
  });
});

describe('hashes from before argon2', () => {
  test('still sign in, and are replaced by argon2id at that login', async ({ shop, as }) => {
    const login = (password: string) => as(null).post('/api/auth/login', { email, password });
    const storedHash = async () =>
      (
        await shop.database.db
          .selectFrom('users')
          .select('password_hash')
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
      ).password_hash ?? '';
    const email = uniqueEmail();
    const old = await scryptHash('an earlier password');
    await shop.database.db
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
    expect((await login('not the password')).statusCode).toBe(401);
    expect(await storedHash()).toBe(old);
    expect((await login('an earlier password')).statusCode).toBe(200);
    const upgraded = await storedHash();
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword('an earlier password', upgraded)).toBe(true);
    expect((await login('an earlier password')).statusCode).toBe(200);
    expect(await storedHash()).toBe(upgraded);
  });
});
