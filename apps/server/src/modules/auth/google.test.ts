import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail } from '../../test-support/accounts.js';
import { type LocalOpenIdProvider, startOpenIdProvider } from '../../test-support/oidc-provider.js';
import { createTestShop, type TestShop } from '../../test-support/test-app.js';

const PUBLIC_URL = 'http://shop.test';
const CALLBACK = `${PUBLIC_URL}/api/auth/google/callback`;

let provider: LocalOpenIdProvider;
let shop: TestShop;

beforeAll(async () => {
  provider = await startOpenIdProvider(CALLBACK);
  shop = await createTestShop({
    demo: false,
    env: {
      GOOGLE_CLIENT_ID: provider.clientId,
      GOOGLE_CLIENT_SECRET: provider.clientSecret,
      GOOGLE_ISSUER: provider.issuer,
      PUBLIC_URL,
    },
  });
});
afterAll(async () => {
  await shop?.close();
  await provider?.close();
});

/** A Google account at the provider. */
function googleAccount(overrides: { email?: string; email_verified?: boolean; name?: string } = {}) {
  const id = `google-${Math.random().toString(36).slice(2)}`;
  provider.accounts.set(id, {
    email: overrides.email ?? uniqueEmail('google'),
    email_verified: overrides.email_verified ?? true,
    name: overrides.name ?? 'Nusrat Jahan',
  });
  return id;
}

/** GET /api/auth/google: the provider's URL and the flow cookie the browser keeps. */
async function start(from?: string) {
  const res = await shop.app.inject({
    method: 'GET',
    url: '/api/auth/google',
    query: from === undefined ? {} : { from },
  });
  expect(res.statusCode).toBe(302);
  const cookie = res.cookies.find((c) => c.name === 'google_sign_in');
  if (!cookie) throw new Error('no flow cookie');
  return { location: res.headers.location as string, cookie, cookieHeader: `google_sign_in=${cookie.value}` };
}

async function callback(returned: URL, cookieHeader?: string) {
  const res = await shop.app.inject({
    method: 'GET',
    url: `${returned.pathname}${returned.search}`,
    headers: cookieHeader ? { cookie: cookieHeader } : {},
  });
  expect(res.statusCode).toBe(302);
  return res;
}

function fragmentOf(location: string) {
  expect(location.startsWith('/login#')).toBe(true);
  return new URLSearchParams(location.slice('/login#'.length));
}

function errorOf(location: string) {
  expect(location.startsWith('/login?error=')).toBe(true);
  return new URL(location, PUBLIC_URL).searchParams.get('error');
}

async function exchange(refreshToken: string | null) {
  return shop.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
}

describe('Google sign-in against a real OpenID provider', () => {
  it('sends the browser to the provider with PKCE, state and nonce, keeping them in a signed httpOnly cookie', async () => {
    const { location, cookie } = await start('/dashboard');
    const url = new URL(location);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('client_id')).toBe(provider.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/google', maxAge: 600 });
    // Nothing a person can read or forge: the verifier is not in the clear.
    expect(cookie.value.split('.')).toHaveLength(3);
  });

  it('opens an account for a new verified email and hands the web app a one-use token in the fragment', async () => {
    const id = googleAccount({ name: 'Nusrat Jahan' });
    const email = provider.accounts.get(id)?.email;
    const flow = await start('/dashboard/my-order');
    const res = await callback(await provider.signIn(flow.location, id), flow.cookieHeader);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.cookies.find((c) => c.name === 'google_sign_in')?.value).toBe('');
    const fragment = fragmentOf(res.headers.location as string);
    expect(fragment.get('from')).toBe('/dashboard/my-order');

    const first = await exchange(fragment.get('google'));
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({ email, name: 'Nusrat Jahan' });
    // The token in the URL worked once; a copy left in the browser's history is worthless.
    expect((await exchange(fragment.get('google'))).statusCode).toBe(401);

    // The account has no password: only Google signs it in.
    const login = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'any password at all' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('signs an existing account in by its email, whatever its case, and makes no second account', async () => {
    const buyer = await signUp(shop.app);
    const id = googleAccount({ email: buyer.email.toUpperCase() });
    const flow = await start();
    const res = await callback(await provider.signIn(flow.location, id), flow.cookieHeader);
    const fragment = fragmentOf(res.headers.location as string);
    expect(fragment.get('from')).toBe('/');
    const session = (await exchange(fragment.get('google'))).json();
    expect(session.user.uid).toBe(buyer.uid);
    const rows = await shop.database.db
      .selectFrom('users')
      .where('email', '=', buyer.email)
      .selectAll()
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses an answer whose state is not the one it sent', async () => {
    const id = googleAccount();
    const flow = await start();
    const returned = await provider.signIn(flow.location, id);
    returned.searchParams.set('state', 'a-state-from-another-flow');
    const res = await callback(returned, flow.cookieHeader);
    expect(errorOf(res.headers.location as string)).toBe(
      'Google sign-in could not be verified. Please try again.',
    );
    const email = provider.accounts.get(id)?.email ?? '';
    expect(
      await shop.database.db.selectFrom('users').where('email', '=', email).selectAll().execute(),
    ).toEqual([]);
  });

  it('refuses an ID token whose nonce is not the one it sent', async () => {
    const id = googleAccount();
    const flow = await start();
    const tampered = new URL(flow.location);
    tampered.searchParams.set('nonce', 'a-nonce-the-shop-never-made');
    const res = await callback(await provider.signIn(tampered.href, id), flow.cookieHeader);
    expect(errorOf(res.headers.location as string)).toBe(
      'Google sign-in could not be verified. Please try again.',
    );
  });

  it('refuses a callback without its cookie, with a forged cookie, or replayed', async () => {
    const id = googleAccount();
    const flow = await start();
    const returned = await provider.signIn(flow.location, id);
    const expired = 'Your Google sign-in took too long or was started in another browser. Please try again.';
    expect(errorOf((await callback(returned)).headers.location as string)).toBe(expired);
    const [header, , signature] = flow.cookie.value.split('.');
    const forgedBody = Buffer.from(JSON.stringify({ state: 'x' })).toString('base64url');
    const forged = `google_sign_in=${header}.${forgedBody}.${signature}`;
    expect(errorOf((await callback(returned, forged)).headers.location as string)).toBe(expired);

    const first = await callback(returned, flow.cookieHeader);
    expect(fragmentOf(first.headers.location as string).get('google')).toBeTruthy();
    // The same code again (a replayed redirect): the provider refuses it.
    const again = await callback(returned, flow.cookieHeader);
    expect(errorOf(again.headers.location as string)).toBe(
      'Google sign-in could not be verified. Please try again.',
    );
  });

  it('refuses an account whose email the provider has not verified', async () => {
    const id = googleAccount({ email_verified: false });
    const flow = await start();
    const res = await callback(await provider.signIn(flow.location, id), flow.cookieHeader);
    expect(errorOf(res.headers.location as string)).toBe(
      'Your Google account has no verified email address.',
    );
  });

  it('says so when the person cancels at the provider', async () => {
    const flow = await start();
    const state = new URL(flow.location).searchParams.get('state') ?? '';
    const returned = new URL(`${CALLBACK}?error=access_denied&state=${state}`);
    const res = await callback(returned, flow.cookieHeader);
    expect(errorOf(res.headers.location as string)).toBe('Google sign-in was cancelled.');
  });

  it('never sends the person back anywhere but this shop', async () => {
    for (const from of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'dashboard']) {
      const id = googleAccount();
      const flow = await start(from);
      const res = await callback(await provider.signIn(flow.location, id), flow.cookieHeader);
      expect(fragmentOf(res.headers.location as string).get('from'), from).toBe('/');
    }
  });
});

describe('Google sign-in with the provider unreachable', () => {
  it('sends the person back to /login with the reason instead of failing', async () => {
    const unreachable = await createTestShop({
      demo: false,
      env: {
        GOOGLE_CLIENT_ID: 'parts-shop',
        GOOGLE_CLIENT_SECRET: 'secret',
        GOOGLE_ISSUER: 'http://127.0.0.1:9',
      },
    });
    try {
      const res = await unreachable.app.inject({ method: 'GET', url: '/api/auth/google' });
      expect(res.statusCode).toBe(302);
      expect(errorOf(res.headers.location as string)).toBe(
        'Google sign-in is unavailable right now. Please try again later.',
      );
    } finally {
      await unreachable.close();
    }
  });
});
