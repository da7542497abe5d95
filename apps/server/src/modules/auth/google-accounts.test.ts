import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, uniqueEmail } from '../../test-support/accounts.js';
import { codeOf, errorOf, googleShop } from '../../test-support/google-flow.js';

let google: Awaited<ReturnType<typeof googleShop>>;

beforeAll(async () => {
  google = await googleShop();
});
afterAll(async () => {
  await google?.close();
});

const db = () => google.shop.database.db;

async function signedInWithGoogle(accountId: string) {
  const { code, browser } = await google.signIn(accountId);
  const res = await google.exchange(code, browser);
  expect(res.statusCode).toBe(200);
  return res.json() as { user: { uid: string; email: string }; accessToken: string; refreshToken: string };
}

const login = (email: string, password: string) =>
  google.shop.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

/** A call only a signed-in user may make: 200 while the access token's sign-in lasts, 401 after. */
const profile = (account: { accessToken: string }, email: string) =>
  google.shop.app.inject({
    method: 'GET',
    url: `/api/usersByEmail?email=${email}`,
    headers: bearer(account),
  });

const refresh = (refreshToken: string) =>
  google.shop.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });

describe('Google sign-in and the accounts it lands in', () => {
  it('takes a pre-hijacked account back from whoever signed up with the email first', async () => {
    const victimEmail = uniqueEmail('victim');
    // The attacker signs up with the victim's email and a password, and stays signed in.
    const attacker = await signUp(google.shop.app, { email: victimEmail, name: 'Not the victim' });
    expect((await profile(attacker, victimEmail)).statusCode).toBe(200);

    // The victim arrives through Google, which vouches for the email.
    const id = google.googleAccount({ email: victimEmail });
    const victim = await signedInWithGoogle(id);
    expect(victim.user.uid).toBe(attacker.uid);

    // The attacker's password, refresh token and access token are all dead.
    expect((await login(victimEmail, attacker.password)).statusCode).toBe(401);
    expect((await refresh(attacker.refreshToken)).statusCode).toBe(401);
    expect((await profile(attacker, victimEmail)).statusCode).toBe(401);
    // The victim is in.
    expect((await profile(victim, victimEmail)).statusCode).toBe(200);
    expect((await refresh(victim.refreshToken)).statusCode).toBe(200);

    const row = await db()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', attacker.uid)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ google_sub: id, password_hash: null });
    expect(row.email_verified_at).toBeTruthy();
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('subject_id', '=', attacker.uid)
      .where('action', '=', 'user.google_linked')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.before ?? '')).toEqual({ emailVerified: false, password: true });
    expect(JSON.parse(audit[0]?.after ?? '')).toEqual({
      emailVerified: true,
      password: false,
      sessionsEnded: true,
    });
  });

  it('links an account whose email was verified, keeping its password and its sign-ins', async () => {
    const buyer = await signUp(google.shop.app);
    await db()
      .updateTable('users')
      .set({ email_verified_at: new Date().toISOString() })
      .where('id', '=', buyer.uid)
      .execute();
    // Google's copy of the email in capitals: still the same account, and no second one.
    const id = google.googleAccount({ email: buyer.email.toUpperCase() });
    const session = await signedInWithGoogle(id);
    expect(session.user.uid).toBe(buyer.uid);
    expect((await login(buyer.email, buyer.password)).statusCode).toBe(200);
    expect((await profile(buyer, buyer.email)).statusCode).toBe(200);
    const rows = await db().selectFrom('users').selectAll().where('email', '=', buyer.email).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.google_sub).toBe(id);
  });

  it("finds the account by Google's subject when the Google account's email changes", async () => {
    const id = google.googleAccount();
    const first = await signedInWithGoogle(id);
    const account = google.provider.accounts.get(id);
    if (!account) throw new Error('no account');
    account.email = uniqueEmail('renamed');
    const second = await signedInWithGoogle(id);
    expect(second.user.uid).toBe(first.user.uid);
    expect(second.user.email).toBe(first.user.email);
    expect(await db().selectFrom('users').selectAll().where('email', '=', account.email).execute()).toEqual(
      [],
    );
  });

  it('refuses a Google account whose email belongs to an account linked to another Google account', async () => {
    const id = google.googleAccount();
    const owner = await signedInWithGoogle(id);
    const other = google.googleAccount({ email: owner.user.email });
    const flow = await google.start();
    const res = await google.callback(await google.provider.signIn(flow.location, other), flow.cookieHeader);
    expect(errorOf(res.headers.location as string)).toBe('google_account_conflict');
    expect(res.cookies.find((c) => c.name === 'google_browser')).toBeUndefined();
    const row = await db()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', owner.user.uid)
      .executeTakeFirstOrThrow();
    expect(row.google_sub).toBe(id);
    expect((await profile(owner, owner.user.email)).statusCode).toBe(200);
  });

  it('opens one account when the same new person comes back through 20 callbacks at once', async () => {
    const id = google.googleAccount();
    const returns = [];
    for (let i = 0; i < 20; i++) {
      const flow = await google.start();
      returns.push({ url: await google.provider.signIn(flow.location, id), cookie: flow.cookieHeader });
    }
    const answers = await Promise.all(returns.map((r) => google.callback(r.url, r.cookie)));
    const sessions = await Promise.all(
      answers.map(async (res) => {
        const { code, browser } = codeOf(res);
        return (await google.exchange(code, browser)).json().user.uid;
      }),
    );
    expect(new Set(sessions).size).toBe(1);
    expect(await db().selectFrom('users').selectAll().where('google_sub', '=', id).execute()).toHaveLength(1);
  });
});
