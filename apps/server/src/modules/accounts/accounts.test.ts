import { describe, expect } from 'vitest';
import { linkIn, mailTo } from '../../test-support/account-mails.js';
import { signUp, type TestAccount, uniqueEmail } from '../../test-support/accounts.js';
import { mailTest } from '../../test-support/fixture.js';

const SHOP = 'https://parts.example';
const VERIFY = 'Verify your email';
const RESET = 'Reset your password';

mailTest.override('shopOptions', {
  demo: false,
  env: {
    MAIL_RETRY_SECONDS: '1',
    PUBLIC_URL: SHOP,
    RATE_LIMIT_VERIFICATION_MAILS_PER_ACCOUNT: '3',
    RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL: '3',
  },
});

const test = mailTest
  .extend(
    'post',
    { scope: 'file' },
    ({ as }) =>
      (url: string, payload?: unknown, account?: TestAccount) =>
        as(account ?? null).post(url, payload as object | undefined),
  )
  .extend(
    'profile',
    { scope: 'file' },
    ({ as }) =>
      async (account: TestAccount) =>
        (await as(account).get(`/api/usersByEmail?email=${account.email}`)).json(),
  )
  .extend(
    'login',
    { scope: 'file' },
    ({ post }) =>
      (email: string, password: string) =>
        post('/api/auth/login', { email, password }),
  )
  /** Writes the link's end into the past, as if its time had run out. */
  .extend('expire', { scope: 'file' }, ({ shop }) => async (token: string) => {
    const id = token.split('.')[0] ?? '';
    await shop.database.db
      .updateTable('account_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
  })
  .extend('verificationToken', { scope: 'file' }, ({ smtp }) => async (account: TestAccount, nth = 1) => {
    return linkIn((await mailTo(smtp, account.email, VERIFY, nth)).text).token;
  })
  .extend('resetToken', { scope: 'file' }, ({ smtp }) => async (email: string, nth = 1) => {
    return linkIn((await mailTo(smtp, email, RESET, nth)).text).token;
  });

describe('e-mail verification', () => {
  test('mails a link at sign-up; following it verifies the email, once', { timeout: 60_000 }, async ({
    shop,
    smtp,
    post,
    profile,
  }) => {
    const buyer = await signUp(shop.app, { name: 'Rupsha Traders' });
    expect((await profile(buyer)).emailVerified).toBe(false);
    const mail = await mailTo(smtp, buyer.email, VERIFY);
    expect(mail.text).toContain('Dear Rupsha Traders,');
    const { link, token } = linkIn(mail.text);
    expect(link).toBe(`${SHOP}/verify-email#token=${token}`);

    const res = await post('/api/auth/verify-email', { token }, buyer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true });
    expect((await profile(buyer)).emailVerified).toBe(true);

    const again = await post('/api/auth/verify-email', { token }, buyer);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_token');
  });

  test('stores no token: neither the link table nor the outbox holds it', { timeout: 60_000 }, async ({
    shop,
    verificationToken,
  }) => {
    const buyer = await signUp(shop.app);
    const token = await verificationToken(buyer);
    const [id, mac] = token.split('.');
    const links = await shop.database.db.selectFrom('account_links').selectAll().execute();
    const mails = await shop.database.db.selectFrom('mail_outbox').selectAll().execute();
    expect(JSON.stringify([links, mails])).toContain(id);
    expect(JSON.stringify([links, mails])).not.toContain(mac);
  });

  test('refuses an expired, forged, unknown or misused token with 400 invalid_token', {
    timeout: 60_000,
  }, async ({ shop, post, profile, expire, verificationToken }) => {
    const buyer = await signUp(shop.app);
    const token = await verificationToken(buyer);
    const [id, mac] = token.split('.') as [string, string];
    const forged = `${id}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;
    const unknown = `01234567-89ab-7def-8123-456789abcdef.${mac}`;
    for (const bad of [forged, unknown, 'garbage', `${token}.x`, id, `${id}.`]) {
      const res = await post('/api/auth/verify-email', { token: bad }, buyer);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code).toBe('invalid_token');
    }
    // A reset token is no verification token, and the other way round.
    const reset = await post('/api/auth/password-reset', { token, password: 'a new password' });
    expect(reset.json().error.code).toBe('invalid_token');

    await expire(token);
    const expired = await post('/api/auth/verify-email', { token }, buyer);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('invalid_token');
    expect((await profile(buyer)).emailVerified).toBe(false);
  });

  test('refuses a body without a proper token with 400 validation', { timeout: 60_000 }, async ({
    shop,
    as,
    post,
  }) => {
    const buyer = await signUp(shop.app);
    for (const body of [{}, { token: '' }, { token: 5 }, { token: null }, { token: 'x'.repeat(201) }]) {
      const res = await post('/api/auth/verify-email', body, buyer);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('validation');
    }
    const text = await as(buyer).post('/api/auth/verify-email', 'token', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(415);
  });

  test('lets exactly one of 50 parallel redeemers use a link', { timeout: 60_000 }, async ({
    shop,
    post,
    verificationToken,
  }) => {
    const buyer = await signUp(shop.app);
    const token = await verificationToken(buyer);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post('/api/auth/verify-email', { token }, buyer)),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(49);
  });

  test('resends a link to a signed-in, unverified user (rate limited); 409 once verified', {
    timeout: 60_000,
  }, async ({ shop, post, verificationToken }) => {
    expect((await post('/api/auth/verify-email/resend')).statusCode).toBe(401);
    const buyer = await signUp(shop.app);
    await verificationToken(buyer);
    const resent = await post('/api/auth/verify-email/resend', undefined, buyer);
    expect(resent.statusCode).toBe(202);
    const second = await verificationToken(buyer, 2);
    // Both links work until used (a verification link opens nothing but the proof).
    expect((await post('/api/auth/verify-email', { token: second }, buyer)).statusCode).toBe(200);
    const verified = await post('/api/auth/verify-email/resend', undefined, buyer);
    expect(verified.statusCode).toBe(409);

    const other = await signUp(shop.app);
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await post('/api/auth/verify-email/resend', undefined, other)).statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
  });
});

describe('password reset', () => {
  test('answers 202 alike whether or not the account exists, mailing only an account', {
    timeout: 60_000,
  }, async ({ shop, smtp, post }) => {
    const buyer = await signUp(shop.app);
    const nobody = uniqueEmail('nobody');
    const known = await post('/api/auth/password-reset/request', { email: buyer.email.toUpperCase() });
    const unknown = await post('/api/auth/password-reset/request', { email: nobody });
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.body).toBe(unknown.body);
    const { link, token } = linkIn((await mailTo(smtp, buyer.email, RESET)).text);
    expect(link).toBe(`${SHOP}/reset-password#token=${token}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received.some((m) => m.to && 'text' in m.to && m.to.text === nobody)).toBe(false);
  });

  test('sets the new password, verifies the email and ends every sign-in; the link works once', {
    timeout: 60_000,
  }, async ({ shop, as, post, profile, login, resetToken }) => {
    const buyer = await signUp(shop.app);
    const other = await login(buyer.email, buyer.password);
    await post('/api/auth/password-reset/request', { email: buyer.email });
    const token = await resetToken(buyer.email);

    const res = await post('/api/auth/password-reset', { token, password: 'brand new secret' });
    expect(res.statusCode).toBe(204);
    expect((await login(buyer.email, buyer.password)).statusCode).toBe(401);
    const fresh = await login(buyer.email, 'brand new secret');
    expect(fresh.statusCode).toBe(200);
    // The sessions from before are over: refresh tokens and access tokens alike.
    for (const refreshToken of [buyer.refreshToken, other.json().refreshToken]) {
      expect((await post('/api/auth/refresh', { refreshToken })).statusCode).toBe(401);
    }
    const stale = await as(buyer).get(`/api/usersByEmail?email=${buyer.email}`);
    expect(stale.statusCode).toBe(401);
    expect((await profile({ ...buyer, accessToken: fresh.json().accessToken })).emailVerified).toBe(true);

    const again = await post('/api/auth/password-reset', { token, password: 'yet another one' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_token');
  });

  test('leaves an older link working when a newer one is mailed, ends the others once one is used, and refuses an expired one', {
    timeout: 60_000,
  }, async ({ shop, post, login, expire, resetToken }) => {
    const buyer = await signUp(shop.app);
    await post('/api/auth/password-reset/request', { email: buyer.email });
    const older = await resetToken(buyer.email, 1);
    await post('/api/auth/password-reset/request', { email: buyer.email });
    const newer = await resetToken(buyer.email, 2);
    await post('/api/auth/password-reset/request', { email: buyer.email });
    const newest = await resetToken(buyer.email, 3);
    await expire(newest);
    const expired = await post('/api/auth/password-reset', { token: newest, password: 'another secret' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('invalid_token');
    expect((await login(buyer.email, buyer.password)).statusCode).toBe(200);
    const used = await post('/api/auth/password-reset', { token: older, password: 'another secret' });
    expect(used.statusCode).toBe(204);
    const refused = await post('/api/auth/password-reset', { token: newer, password: 'yet another secret' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('invalid_token');
    expect((await login(buyer.email, 'another secret')).statusCode).toBe(200);
  });

  test('lets exactly one of 50 parallel resets use a link', { timeout: 60_000 }, async ({
    shop,
    post,
    login,
    resetToken,
  }) => {
    const buyer = await signUp(shop.app);
    await post('/api/auth/password-reset/request', { email: buyer.email });
    const token = await resetToken(buyer.email);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post('/api/auth/password-reset', { token, password: `parallel secret ${i}` }),
      ),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((c) => c === 204)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(49);
    const winner = codes.indexOf(204);
    expect((await login(buyer.email, `parallel secret ${winner}`)).statusCode).toBe(200);
  });

  test('refuses bad input with 400 and limits requests per email with 429', { timeout: 60_000 }, async ({
    post,
  }) => {
    for (const body of [{}, { email: 'not an email' }, { email: 7 }]) {
      const res = await post('/api/auth/password-reset/request', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const body of [{}, { token: 'x' }, { password: 'long enough' }, { token: 'x', password: 'short' }]) {
      const res = await post('/api/auth/password-reset', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('validation');
    }
    const email = uniqueEmail('limited');
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await post('/api/auth/password-reset/request', { email })).statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
  });
});
