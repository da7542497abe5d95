import fs from 'node:fs';
import path from 'node:path';
import { decodeJwt, SignJWT } from 'jose';
import { describe, expect } from 'vitest';
import { signUp, uniqueEmail } from '../../test-support/accounts.js';
import { test } from '../../test-support/fixture.js';
import { deriveKey } from './keys.js';

// The limits' own settings are login-limit.test.ts's and signup-limits.test.ts's.

describe('sign-up', () => {
  test('creates the account and signs in: a session with a short-lived JWT without a role', async ({
    shop,
    as,
  }) => {
    const email = uniqueEmail();
    const res = await as(null).post('/api/auth/signup', {
      name: '  Ayesha Karim ',
      email: `  ${email.toUpperCase()} `,
      password: 'long enough pw',
    });
    expect(res.statusCode).toBe(201);
    const session = res.json();
    expect(session.user).toEqual({ uid: expect.any(String), name: 'Ayesha Karim', email });
    expect(session.expiresIn).toBeGreaterThan(0);
    expect(session.expiresIn).toBeLessThanOrEqual(3600);
    const claims = decodeJwt(session.accessToken);
    expect(claims.sub).toBe(session.user.uid);
    expect(claims.email).toBe(email);
    expect(claims.role).toBeUndefined();
    expect(typeof claims.jti).toBe('string');
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBeLessThanOrEqual(3600);
    expect(session.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const row = await shop.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain('long enough pw');
    const stored = await shop.database.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('user_id', '=', row.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toBe(session.refreshToken);
  });

  test('refuses an email that is taken, whatever its case: 409', async ({ shop, as }) => {
    const account = await signUp(shop.app);
    const res = await as(null).post('/api/auth/signup', {
      name: 'Again',
      email: account.email.toUpperCase(),
      password: 'another password',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('conflict');
  });

  test.for([
    [{ email: 'a@example.com', password: 'long enough' }, 'name'],
    [{ name: 'A', password: 'long enough' }, 'email'],
    [{ name: 'A', email: 'not-an-email', password: 'long enough' }, 'email'],
    [{ name: 'A', email: 'a@example.com', password: 'short' }, 'password'],
    [{ name: 'A', email: 'a@example.com', password: 'x'.repeat(129) }, 'password'],
    [{ name: 'A', email: 'a@example.com', password: 12345678 }, 'password'],
    [{ name: 'A', email: 'a@example.com' }, 'password'],
    [{ name: '   ', email: 'a@example.com', password: 'long enough' }, 'name'],
    [{ name: { x: 1 }, email: 'a@example.com', password: 'long enough' }, 'name'],
  ])('refuses %j with 400 naming %s', async ([body, field], { as }) => {
    const res = await as(null).post('/api/auth/signup', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation');
    expect(res.json().error.message).toContain(field);
  });

  test('ignores a client-chosen role', async ({ as }) => {
    const email = uniqueEmail();
    const res = await as(null).post('/api/auth/signup', {
      name: 'Sneaky',
      email,
      password: 'long enough pw',
      role: 'admin',
      admin: true,
    });
    expect(res.statusCode).toBe(201);
    expect(decodeJwt(res.json().accessToken).role).toBeUndefined();
    const users = await as(res.json()).get('/api/users');
    expect(users.statusCode).toBe(403);
  });
});

describe('login', () => {
  test('signs in with the email in any case and surrounding spaces', async ({ shop, as }) => {
    const account = await signUp(shop.app);
    const res = await as(null).post('/api/auth/login', {
      email: ` ${account.email.toUpperCase()} `,
      password: account.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(account.email);
  });

  test('gives one message for a wrong password and for an unknown email', async ({ shop, as }) => {
    const account = await signUp(shop.app);
    const wrongPassword = await as(null).post('/api/auth/login', {
      email: account.email,
      password: 'not the password',
    });
    const unknownEmail = await as(null).post('/api/auth/login', {
      email: uniqueEmail(),
      password: account.password,
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json().error.code).toBe('unauthenticated');
  });

  test("puts role: admin in an admin's token", async ({ admin }) => {
    expect(decodeJwt(admin.accessToken).role).toBe('admin');
  });
});

describe('refresh tokens', () => {
  test('rotate on every use; a reused token revokes its whole family', async ({ shop, as }) => {
    const account = await signUp(shop.app);
    const first = await as(null).post('/api/auth/refresh', { refreshToken: account.refreshToken });
    expect(first.statusCode).toBe(200);
    const pair = first.json();
    // docs/api.md's pair, and the user it belongs to (so a web app restoring a sign-in knows who).
    expect(Object.keys(pair).sort()).toEqual(['accessToken', 'expiresIn', 'refreshToken', 'user']);
    expect(pair.user).toEqual({ uid: account.uid, name: account.name, email: account.email });
    expect(pair.refreshToken).not.toBe(account.refreshToken);
    const me = await as(pair).get(`/api/usersByEmail?email=${account.email}`);
    expect(me.statusCode).toBe(200);

    const reuse = await as(null).post('/api/auth/refresh', { refreshToken: account.refreshToken });
    expect(reuse.statusCode).toBe(401);
    // the thief's replay ended the family: the newest token stops working too
    const after = await as(null).post('/api/auth/refresh', { refreshToken: pair.refreshToken });
    expect(after.statusCode).toBe(401);
  });

  test('refuses an unknown, empty or malformed refresh token', async ({ as }) => {
    expect((await as(null).post('/api/auth/refresh', { refreshToken: 'x'.repeat(43) })).statusCode).toBe(401);
    expect((await as(null).post('/api/auth/refresh', { refreshToken: '' })).statusCode).toBe(400);
    expect((await as(null).post('/api/auth/refresh', {})).statusCode).toBe(400);
    expect((await as(null).post('/api/auth/refresh', { refreshToken: ['a'] })).statusCode).toBe(400);
  });

  test('logout ends only the presented sign-in', async ({ shop, as }) => {
    const account = await signUp(shop.app);
    const second = (
      await as(null).post('/api/auth/login', { email: account.email, password: account.password })
    ).json();
    const profile = (accessToken: string) =>
      as({ accessToken }).get(`/api/usersByEmail?email=${encodeURIComponent(account.email)}`);
    expect((await profile(account.accessToken)).statusCode).toBe(200);
    const out = await as(null).post('/api/auth/logout', { refreshToken: account.refreshToken });
    expect(out.statusCode).toBe(204);
    expect(
      (await as(null).post('/api/auth/refresh', { refreshToken: account.refreshToken })).statusCode,
    ).toBe(401);
    // The ended sign-in's access token stops at once, not when it expires; the other goes on.
    expect((await profile(account.accessToken)).statusCode).toBe(401);
    expect((await profile(second.accessToken)).statusCode).toBe(200);
    expect((await as(null).post('/api/auth/refresh', { refreshToken: second.refreshToken })).statusCode).toBe(
      200,
    );
    expect((await as(null).post('/api/auth/logout', { refreshToken: 'unknown-token' })).statusCode).toBe(204);
  });

  test('a refresh token used twice ends the access tokens of its sign-in too', async ({ shop, as }) => {
    const account = await signUp(shop.app);
    const next = (await as(null).post('/api/auth/refresh', { refreshToken: account.refreshToken })).json();
    const me = () => as(next).get(`/api/checkAdmin/${encodeURIComponent(account.email)}`);
    expect((await me()).statusCode).toBe(200);
    expect(
      (await as(null).post('/api/auth/refresh', { refreshToken: account.refreshToken })).statusCode,
    ).toBe(401);
    expect((await me()).statusCode).toBe(401);
  });
});

describe('bearer tokens', () => {
  test('refuses every kind of garbage with 401', async ({ shop, as }) => {
    const account = await signUp(shop.app);
    const secret = deriveKey(
      new TextEncoder().encode(fs.readFileSync(path.join(shop.dataDir, 'jwt-secret'), 'utf8')),
      'access-tokens',
    );
    const [header, payload, signature] = account.accessToken.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...decodeJwt(account.accessToken), sub: '00000000-0000-4000-8000-000000000000' }),
    ).toString('base64url');
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const claims = { email: account.email };
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(account.uid)
      .setIssuer('parts-shop')
      .setAudience('parts-shop-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .setJti('x')
      .sign(secret);
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(account.uid)
      .setIssuer('parts-shop')
      .setAudience('parts-shop-api')
      .setIssuedAt()
      .setExpirationTime('10m')
      .setJti('y')
      .sign(new TextEncoder().encode('another secret that is long enough to sign'));
    const garbage: Record<string, string | undefined> = {
      missing: undefined,
      empty: '',
      'no scheme': account.accessToken,
      basic: `Basic ${Buffer.from('a:b').toString('base64')}`,
      'empty bearer': 'Bearer ',
      'not a JWT': 'Bearer not-a-jwt',
      'alg none': `Bearer ${noneHeader}.${payload}.`,
      'forged claim': `Bearer ${header}.${forgedPayload}.${signature}`,
      'bad signature': `Bearer ${header}.${payload}.${signature?.slice(0, -4)}AAAA`,
      'other key': `Bearer ${otherKey}`,
      expired: `Bearer ${expired}`,
      'refresh token': `Bearer ${account.refreshToken}`,
    };
    for (const [kind, authorization] of Object.entries(garbage)) {
      const res = await as(null).get(
        `/api/usersByEmail?email=${account.email}`,
        authorization === undefined ? {} : { authorization },
      );
      expect(res.statusCode, kind).toBe(401);
      expect(res.json().error.code, kind).toBe('unauthenticated');
    }
    const good = await as(account).get(`/api/usersByEmail?email=${account.email}`);
    expect(good.statusCode).toBe(200);
  });
});

describe('Google sign-in without a provider', () => {
  test('answers 503 google_not_configured, and the callback sends the browser to /login with the reason', async ({
    as,
  }) => {
    const start = await as(null).get('/api/auth/google');
    expect(start.statusCode).toBe(503);
    expect(start.json().error.code).toBe('google_not_configured');
    // The browser following the link itself (before the page's script runs) gets the sign-in page.
    const followed = await as(null).get('/api/auth/google', { 'sec-fetch-mode': 'navigate' });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe('/login?error=google_not_configured');
    const callback = await as(null).get('/api/auth/google/callback?code=x&state=y');
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/login?error=google_not_configured');
    const exchange = await as(null).post('/api/auth/google/exchange', { code: 'a-code-nobody-was-given' });
    expect(exchange.statusCode).toBe(400);
    expect(exchange.json().error.code).toBe('invalid_code');
  });
});
