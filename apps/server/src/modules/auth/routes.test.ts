import fs from 'node:fs';
import path from 'node:path';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, signUpAdmin, uniqueEmail } from '../../test-support/accounts.js';
import { createTestShop, type TestShop } from '../../test-support/test-app.js';
import { deriveKey } from './keys.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ demo: false });
});
afterAll(async () => {
  await shop.close();
});

const post = (url: string, payload: unknown) =>
  shop.app.inject({ method: 'POST', url, payload: payload as object });

describe('sign-up', () => {
  it('creates the account and signs in: a session with a short-lived JWT without a role', async () => {
    const email = uniqueEmail();
    const res = await post('/api/auth/signup', {
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

  it('refuses an email that is taken, whatever its case: 409', async () => {
    const account = await signUp(shop.app);
    const res = await post('/api/auth/signup', {
      name: 'Again',
      email: account.email.toUpperCase(),
      password: 'another password',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('conflict');
  });

  it.each([
    [{ email: 'a@example.com', password: 'long enough' }, 'name'],
    [{ name: 'A', password: 'long enough' }, 'email'],
    [{ name: 'A', email: 'not-an-email', password: 'long enough' }, 'email'],
    [{ name: 'A', email: 'a@example.com', password: 'short' }, 'password'],
    [{ name: 'A', email: 'a@example.com', password: 'x'.repeat(129) }, 'password'],
    [{ name: 'A', email: 'a@example.com', password: 12345678 }, 'password'],
    [{ name: 'A', email: 'a@example.com' }, 'password'],
    [{ name: '   ', email: 'a@example.com', password: 'long enough' }, 'name'],
    [{ name: { x: 1 }, email: 'a@example.com', password: 'long enough' }, 'name'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const res = await post('/api/auth/signup', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation');
    expect(res.json().error.message).toContain(field);
  });

  it('ignores a client-chosen role', async () => {
    const email = uniqueEmail();
    const res = await post('/api/auth/signup', {
      name: 'Sneaky',
      email,
      password: 'long enough pw',
      role: 'admin',
      admin: true,
    });
    expect(res.statusCode).toBe(201);
    expect(decodeJwt(res.json().accessToken).role).toBeUndefined();
    const users = await shop.app.inject({ method: 'GET', url: '/api/users', headers: bearer(res.json()) });
    expect(users.statusCode).toBe(403);
  });
});

describe('login', () => {
  it('signs in with the email in any case and surrounding spaces', async () => {
    const account = await signUp(shop.app);
    const res = await post('/api/auth/login', {
      email: ` ${account.email.toUpperCase()} `,
      password: account.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(account.email);
  });

  it('gives one message for a wrong password and for an unknown email', async () => {
    const account = await signUp(shop.app);
    const wrongPassword = await post('/api/auth/login', {
      email: account.email,
      password: 'not the password',
    });
    const unknownEmail = await post('/api/auth/login', { email: uniqueEmail(), password: account.password });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json().error.code).toBe('unauthenticated');
  });

  it("puts role: admin in an admin's token", async () => {
    const admin = await signUpAdmin(shop.app, shop.database.db);
    expect(decodeJwt(admin.accessToken).role).toBe('admin');
  });
});

describe('refresh tokens', () => {
  it('rotate on every use; a reused token revokes its whole family', async () => {
    const account = await signUp(shop.app);
    const first = await post('/api/auth/refresh', { refreshToken: account.refreshToken });
    expect(first.statusCode).toBe(200);
    const pair = first.json();
    // docs/api.md's pair, and the user it belongs to (so a web app restoring a sign-in knows who).
    expect(Object.keys(pair).sort()).toEqual(['accessToken', 'expiresIn', 'refreshToken', 'user']);
    expect(pair.user).toEqual({ uid: account.uid, name: account.name, email: account.email });
    expect(pair.refreshToken).not.toBe(account.refreshToken);
    const me = await shop.app.inject({
      method: 'GET',
      url: `/api/usersByEmail?email=${account.email}`,
      headers: bearer(pair),
    });
    expect(me.statusCode).toBe(200);

    const reuse = await post('/api/auth/refresh', { refreshToken: account.refreshToken });
    expect(reuse.statusCode).toBe(401);
    // the thief's replay ended the family: the newest token stops working too
    const after = await post('/api/auth/refresh', { refreshToken: pair.refreshToken });
    expect(after.statusCode).toBe(401);
  });

  it('refuses an unknown, empty or malformed refresh token', async () => {
    expect((await post('/api/auth/refresh', { refreshToken: 'x'.repeat(43) })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', { refreshToken: '' })).statusCode).toBe(400);
    expect((await post('/api/auth/refresh', {})).statusCode).toBe(400);
    expect((await post('/api/auth/refresh', { refreshToken: ['a'] })).statusCode).toBe(400);
  });

  it('logout ends only the presented sign-in', async () => {
    const account = await signUp(shop.app);
    const second = (
      await post('/api/auth/login', { email: account.email, password: account.password })
    ).json();
    const profile = (accessToken: string) =>
      shop.app.inject({
        method: 'GET',
        url: `/api/usersByEmail?email=${encodeURIComponent(account.email)}`,
        headers: { authorization: `Bearer ${accessToken}` },
      });
    expect((await profile(account.accessToken)).statusCode).toBe(200);
    const out = await post('/api/auth/logout', { refreshToken: account.refreshToken });
    expect(out.statusCode).toBe(204);
    expect((await post('/api/auth/refresh', { refreshToken: account.refreshToken })).statusCode).toBe(401);
    // The ended sign-in's access token stops at once, not when it expires; the other goes on.
    expect((await profile(account.accessToken)).statusCode).toBe(401);
    expect((await profile(second.accessToken)).statusCode).toBe(200);
    expect((await post('/api/auth/refresh', { refreshToken: second.refreshToken })).statusCode).toBe(200);
    expect((await post('/api/auth/logout', { refreshToken: 'unknown-token' })).statusCode).toBe(204);
  });

  it('a refresh token used twice ends the access tokens of its sign-in too', async () => {
    const account = await signUp(shop.app);
    const next = (await post('/api/auth/refresh', { refreshToken: account.refreshToken })).json();
    const me = () =>
      shop.app.inject({
        method: 'GET',
        url: `/api/checkAdmin/${encodeURIComponent(account.email)}`,
        headers: { authorization: `Bearer ${next.accessToken}` },
      });
    expect((await me()).statusCode).toBe(200);
    expect((await post('/api/auth/refresh', { refreshToken: account.refreshToken })).statusCode).toBe(401);
    expect((await me()).statusCode).toBe(401);
  });
});

describe('bearer tokens', () => {
  it('refuses every kind of garbage with 401', async () => {
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
      const res = await shop.app.inject({
        method: 'GET',
        url: `/api/usersByEmail?email=${account.email}`,
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, kind).toBe(401);
      expect(res.json().error.code, kind).toBe('unauthenticated');
    }
    const good = await shop.app.inject({
      method: 'GET',
      url: `/api/usersByEmail?email=${account.email}`,
      headers: bearer(account),
    });
    expect(good.statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('limit failed logins per email, then answer 429 with retry-after even for the right password', async () => {
    const limited = await createTestShop({ demo: false, env: { RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '3' } });
    try {
      const account = await signUp(limited.app);
      const login = (password: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: account.email, password },
        });
      for (let i = 0; i < 3; i++) expect((await login('wrong password')).statusCode).toBe(401);
      const blocked = await login(account.password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error.code).toBe('rate_limited');
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
      // another account from the same address is not blocked by this one's failures
      const other = await signUp(limited.app);
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: other.email, password: other.password },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limit sign-ups per address', async () => {
    const limited = await createTestShop({ demo: false, env: { RATE_LIMIT_SIGNUPS_PER_IP: '2' } });
    try {
      await signUp(limited.app);
      await signUp(limited.app);
      const third = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { name: 'Third', email: uniqueEmail(), password: 'long enough pw' },
      });
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('sign-ups per email', () => {
  it('are limited too, whatever the address they come from', async () => {
    const limited = await createTestShop({ demo: false, env: { RATE_LIMIT_SIGNUPS_PER_EMAIL: '2' } });
    try {
      const email = uniqueEmail();
      const attempt = (ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          remoteAddress: ip,
          payload: { name: 'Same Email', email, password: 'long enough pw' },
        });
      expect((await attempt('10.0.0.1')).statusCode).toBe(201);
      expect((await attempt('10.0.0.2')).statusCode).toBe(409);
      const third = await attempt('10.0.0.3');
      expect(third.statusCode).toBe(429);
      expect(third.json().error.code).toBe('rate_limited');
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('Google sign-in without a provider', () => {
  it('answers 503 google_not_configured, and the callback sends the browser to /login with the reason', async () => {
    const start = await shop.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(start.statusCode).toBe(503);
    expect(start.json().error.code).toBe('google_not_configured');
    const callback = await shop.app.inject({
      method: 'GET',
      url: '/api/auth/google/callback?code=x&state=y',
    });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/login?error=google_not_configured');
    const exchange = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/google/exchange',
      payload: { code: 'a-code-nobody-was-given' },
    });
    expect(exchange.statusCode).toBe(400);
    expect(exchange.json().error.code).toBe('invalid_code');
  });
});
