import { describe, expect } from 'vitest';
import { CALLBACK, codeOf, errorOf, googleTest as test } from '../../test-support/google-flow.js';

describe('Google sign-in against a real OpenID provider', () => {
  test('sends the browser to the provider with PKCE, state and nonce, keeping them in a signed httpOnly cookie', async ({
    google,
  }) => {
    const { location, cookie } = await google.start('/dashboard');
    const url = new URL(location);
    expect(url.origin).toBe(google.provider.issuer);
    expect(url.searchParams.get('client_id')).toBe(google.provider.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/google', maxAge: 600 });
    // Plain http here: a Secure cookie would never come back.
    expect(cookie.secure).toBeUndefined();
    // Nothing a person can read or forge: the verifier is not in the clear.
    expect(cookie.value.split('.')).toHaveLength(3);
  });

  test('opens an account for a new verified email and hands the web app a one-time code, never a token', async ({
    google,
    as,
  }) => {
    const id = google.googleAccount({ name: 'Nusrat Jahan' });
    const email = google.provider.accounts.get(id)?.email;
    const flow = await google.start('/dashboard/my-order');
    const res = await google.callback(await google.provider.signIn(flow.location, id), flow.cookieHeader);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.cookies.find((c) => c.name === 'google_sign_in')?.value).toBe('');
    const { code, from, browser, cookie } = codeOf(res);
    expect(from).toBe('/dashboard/my-order');
    expect([...new URLSearchParams((res.headers.location as string).split('#')[1]).keys()]).toEqual([
      'code',
      'from',
    ]);
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth/google',
      maxAge: 60,
    });
    // A code is no refresh token.
    expect((await as(null).post('/api/auth/refresh', { refreshToken: code })).statusCode).toBe(401);

    const first = await google.exchange(code, browser);
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({ email, name: 'Nusrat Jahan' });
    expect(first.cookies.find((c) => c.name === 'google_browser')?.value).toBe('');
    const refreshed = await as(null).post('/api/auth/refresh', { refreshToken: first.json().refreshToken });
    expect(refreshed.statusCode).toBe(200);

    // The code worked once; a copy left in the browser's history is worthless.
    const again = await google.exchange(code, browser);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_code');

    const row = await google.shop.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', first.json().user.uid)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ google_sub: id, password_hash: null });
    expect(row.email_verified_at).toBeTruthy();
    // The account has no password: only Google signs it in.
    const login = await as(null).post('/api/auth/login', { email, password: 'any password at all' });
    expect(login.statusCode).toBe(401);
  });

  test('signs nobody in with a code from another browser, or without the cookie, and leaves the code to its own browser', async ({
    google,
  }) => {
    const mine = await google.signIn(google.googleAccount());
    const theirs = await google.signIn(google.googleAccount());
    // A link carrying someone else's code, opened in my browser (with my cookie), or with none.
    for (const res of [
      await google.exchange(theirs.code, mine.browser),
      await google.exchange(theirs.code),
      await google.exchange(mine.code, theirs.browser),
      await google.exchange(mine.code, 'a-cookie-value-nobody-was-given'),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'invalid_code',
        message: 'This Google sign-in has expired or was started in another browser. Please sign in again.',
      });
    }
    expect((await google.exchange(theirs.code, theirs.browser)).statusCode).toBe(200);
    expect((await google.exchange(mine.code, mine.browser)).statusCode).toBe(200);
  });

  test('refuses a code after its minute', async ({ google }) => {
    const id = google.googleAccount();
    const { code, browser } = await google.signIn(id);
    await google.shop.database.db
      .updateTable('google_sign_in_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where(
        'user_id',
        '=',
        (
          await google.shop.database.db
            .selectFrom('users')
            .select('id')
            .where('google_sub', '=', id)
            .executeTakeFirstOrThrow()
        ).id,
      )
      .execute();
    const res = await google.exchange(code, browser);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_code');
  });

  test('hands out one session for a code that 20 callers present at once', async ({ google }) => {
    const { code, browser } = await google.signIn(google.googleAccount());
    const answers = await Promise.all(Array.from({ length: 20 }, () => google.exchange(code, browser)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(19).fill(400)]);
    const uid = answers.find((a) => a.statusCode === 200)?.json().user.uid;
    const families = await google.shop.database.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('user_id', '=', uid)
      .execute();
    expect(families).toHaveLength(1);
  });

  test('describes the exchange in the API documentation', async ({ as }) => {
    const doc = (await as(null).get('/api/docs/json')).json();
    const route = doc.paths['/api/auth/google/exchange'].post;
    expect(route.summary).toMatch(/one-time code/);
    expect(route.requestBody.content['application/json'].schema.required).toEqual(['code']);
    expect(Object.keys(route.responses).sort()).toEqual(['200', '400', '415']);
    expect(doc.paths['/api/auth/google/callback'].get.summary).toMatch(/\/login#code=/);
  });

  test('refuses an exchange body that is no code with a clear 4xx', async ({ as }) => {
    for (const payload of [{}, { code: '' }, { code: 5 }, { code: 'x'.repeat(201) }, { code: null }]) {
      const typed = await as(null).post('/api/auth/google/exchange', payload);
      expect(typed.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typed.json().error.code).toBe('validation');
    }
    const text = await as(null).post('/api/auth/google/exchange', 'code', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(415);
  });

  test('refuses an answer whose state is not the one it sent', async ({ google }) => {
    const id = google.googleAccount();
    const flow = await google.start();
    const returned = await google.provider.signIn(flow.location, id);
    returned.searchParams.set('state', 'a-state-from-another-flow');
    const res = await google.callback(returned, flow.cookieHeader);
    expect(errorOf(res.headers.location as string)).toBe('google_failed');
    expect(res.cookies.find((c) => c.name === 'google_browser')).toBeUndefined();
    const email = google.provider.accounts.get(id)?.email ?? '';
    expect(
      await google.shop.database.db.selectFrom('users').where('email', '=', email).selectAll().execute(),
    ).toEqual([]);
  });

  test('refuses an ID token whose nonce is not the one it sent', async ({ google }) => {
    const id = google.googleAccount();
    const flow = await google.start();
    const tampered = new URL(flow.location);
    tampered.searchParams.set('nonce', 'a-nonce-the-shop-never-made');
    const res = await google.callback(await google.provider.signIn(tampered.href, id), flow.cookieHeader);
    expect(errorOf(res.headers.location as string)).toBe('google_failed');
  });

  test('refuses a callback without its cookie, with a forged cookie, or replayed', async ({ google }) => {
    const id = google.googleAccount();
    const flow = await google.start();
    const returned = await google.provider.signIn(flow.location, id);
    expect(errorOf((await google.callback(returned)).headers.location as string)).toBe('google_expired');
    const [header, , signature] = flow.cookie.value.split('.');
    const forgedBody = Buffer.from(JSON.stringify({ state: 'x' })).toString('base64url');
    const forged = `google_sign_in=${header}.${forgedBody}.${signature}`;
    expect(errorOf((await google.callback(returned, forged)).headers.location as string)).toBe(
      'google_expired',
    );

    expect(codeOf(await google.callback(returned, flow.cookieHeader)).code).toBeTruthy();
    // The same answer again (a replayed redirect): the provider refuses its code.
    const again = await google.callback(returned, flow.cookieHeader);
    expect(errorOf(again.headers.location as string)).toBe('google_failed');
  });

  test('refuses an account whose email the provider has not verified', async ({ google }) => {
    const id = google.googleAccount({ email_verified: false });
    const flow = await google.start();
    const res = await google.callback(await google.provider.signIn(flow.location, id), flow.cookieHeader);
    expect(errorOf(res.headers.location as string)).toBe('google_no_email');
  });

  test('says so when the person cancels at the provider', async ({ google }) => {
    const flow = await google.start();
    const state = new URL(flow.location).searchParams.get('state') ?? '';
    const returned = new URL(`${CALLBACK}?error=access_denied&state=${state}`);
    const res = await google.callback(returned, flow.cookieHeader);
    expect(errorOf(res.headers.location as string)).toBe('google_cancelled');
  });

  test('never sends the person back anywhere but this shop', async ({ google }) => {
    for (const from of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'dashboard']) {
      const { from: back } = await google.signIn(google.googleAccount(), from);
      expect(back, from).toBe('/');
    }
  });
});
