import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, mailTo } from '../../test-support/account-mails.js';
import { bearer, signUp, type TestAccount, uniqueEmail } from '../../test-support/accounts.js';
import { googleShop } from '../../test-support/google-flow.js';
import { startTestMailServer, type TestMailServer } from '../../test-support/smtp-server.js';

/**
 * The pre-hijacked account, second door: someone signs up with another's email and a password of
 * theirs. The genuine verification mail must not hand them the account when its owner clicks it,
 * and the owner taking the account back (a reset, or Google) leaves nothing of theirs behind.
 */
let smtp: TestMailServer;
let google: Awaited<ReturnType<typeof googleShop>>;
beforeAll(async () => {
  smtp = await startTestMailServer();
  google = await googleShop({ SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '1' });
});
afterAll(async () => {
  await google.close();
  await smtp.close();
});

const app = () => google.shop.app;
const db = () => google.shop.database.db;
const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  account?: { accessToken: string },
) =>
  app().inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    ...(account ? { headers: bearer(account) } : {}),
  });
const login = (email: string, password: string) => call('POST', '/api/auth/login', { email, password });
const emailVerified = async (uid: string) =>
  Boolean(
    (await db().selectFrom('users').select('email_verified_at').where('id', '=', uid).executeTakeFirst())
      ?.email_verified_at,
  );

/** The attacker's account under the victim's email, with an address, a mobile and a list of theirs. */
async function preHijacked(): Promise<{ attacker: TestAccount; token: string }> {
  const email = uniqueEmail('victim');
  const attacker = await signUp(app(), { email, name: 'Not the owner' });
  expect(
    (await call('POST', '/api/addresses', { label: 'Drop', address: 'Somewhere else' }, attacker)).statusCode,
  ).toBe(201);
  expect(
    (await call('PUT', `/api/usersByEmail?email=${email}`, { mobile: '+880 1700 000000' }, attacker))
      .statusCode,
  ).toBe(200);
  const part = (await call('GET', '/api/parts?limit=1')).json()[0];
  if (part)
    expect(
      (
        await call(
          'POST',
          '/api/lists',
          { name: 'Theirs', lines: [{ partsId: part._id, quantity: 1 }] },
          attacker,
        )
      ).statusCode,
    ).toBe(201);
  const { token } = linkIn((await mailTo(smtp, email, 'Verify your email')).text);
  return { attacker, token };
}

async function leftovers(uid: string) {
  const addresses = await db().selectFrom('addresses').select('id').where('user_id', '=', uid).execute();
  const lists = await db().selectFrom('lists').select('id').where('user_id', '=', uid).execute();
  const user = await db()
    .selectFrom('users')
    .select('mobile')
    .where('id', '=', uid)
    .executeTakeFirstOrThrow();
  return { addresses: addresses.length, lists: lists.length, mobile: user.mobile };
}

describe('the verification link', () => {
  it('does not verify the account for a reader who is not signed in to it (401), nor signed in to another (403)', async () => {
    const { attacker, token } = await preHijacked();
    expect((await call('POST', '/api/auth/verify-email', { token })).statusCode).toBe(401);
    const someoneElse = await signUp(app());
    const other = await call('POST', '/api/auth/verify-email', { token }, someoneElse);
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toMatch(/another account/);
    expect(await emailVerified(attacker.uid)).toBe(false);
    expect(await emailVerified(someoneElse.uid)).toBe(false);
    // The link is still good for the account's own session (the person holding the password
    // who also reads the mailbox).
    expect((await call('POST', '/api/auth/verify-email', { token }, attacker)).statusCode).toBe(200);
    expect(await emailVerified(attacker.uid)).toBe(true);
  });
});

describe('the owner taking the account back', () => {
  it('by a password reset: the earlier holder loses their password, sign-ins, addresses, mobile and lists', async () => {
    const { attacker } = await preHijacked();
    expect(
      (await call('POST', '/api/auth/password-reset/request', { email: attacker.email })).statusCode,
    ).toBe(202);
    const { token } = linkIn((await mailTo(smtp, attacker.email, 'Reset your password')).text);
    expect(
      (await call('POST', '/api/auth/password-reset', { token, password: 'the owner now' })).statusCode,
    ).toBe(204);
    expect((await login(attacker.email, attacker.password)).statusCode).toBe(401);
    expect(
      (await call('POST', '/api/auth/refresh', { refreshToken: attacker.refreshToken })).statusCode,
    ).toBe(401);
    expect(await leftovers(attacker.uid)).toEqual({ addresses: 0, lists: 0, mobile: null });
    expect((await login(attacker.email, 'the owner now')).statusCode).toBe(200);
    expect(await emailVerified(attacker.uid)).toBe(true);
  });

  it('a verified owner who forgot the password keeps what they saved', async () => {
    const { attacker: owner, token } = await preHijacked();
    expect((await call('POST', '/api/auth/verify-email', { token }, owner)).statusCode).toBe(200);
    const before = await leftovers(owner.uid);
    expect((await call('POST', '/api/auth/password-reset/request', { email: owner.email })).statusCode).toBe(
      202,
    );
    const reset = linkIn((await mailTo(smtp, owner.email, 'Reset your password')).text);
    expect(
      (await call('POST', '/api/auth/password-reset', { token: reset.token, password: 'remembered now' }))
        .statusCode,
    ).toBe(204);
    expect(await leftovers(owner.uid)).toEqual(before);
    expect(before.addresses).toBe(1);
  });

  it('through Google: the same', async () => {
    const { attacker } = await preHijacked();
    const id = google.googleAccount({ email: attacker.email });
    const { code, browser } = await google.signIn(id);
    const owner = await google.exchange(code, browser);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.uid).toBe(attacker.uid);
    expect(await leftovers(attacker.uid)).toEqual({ addresses: 0, lists: 0, mobile: null });
  });
});
