import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { uniqueEmail } from './accounts.js';
import { derive, test } from './fixture.js';
import { type LocalOpenIdProvider, startOpenIdProvider } from './oidc-provider.js';
import { createTestShop, type TestShop } from './test-app.js';

export const PUBLIC_URL = 'http://shop.test';
export const CALLBACK = `${PUBLIC_URL}/api/auth/google/callback`;

/** The settings that point a shop at `publicUrl` and its Google sign-in at `provider` (`env` over them). */
function googleEnv(provider: LocalOpenIdProvider, publicUrl: string, env: Record<string, string> = {}) {
  return {
    GOOGLE_CLIENT_ID: provider.clientId,
    GOOGLE_CLIENT_SECRET: provider.clientSecret,
    GOOGLE_ISSUER: provider.issuer,
    PUBLIC_URL: publicUrl,
    ...env,
  };
}

/** A shop of its own with Google sign-in against a real local OpenID provider, and a person's steps through it. */
export async function googleShop(env: Record<string, string> = {}, publicUrl = PUBLIC_URL) {
  const provider: LocalOpenIdProvider = await startOpenIdProvider(`${publicUrl}/api/auth/google/callback`);
  const shop: TestShop = await createTestShop({ demo: false, env: googleEnv(provider, publicUrl, env) });
  return {
    ...googleFlow(shop, provider),
    async close() {
      await shop.close();
      await provider.close();
    },
  };
}

/**
 * The fixture's `test` whose shop signs in with Google against `provider`, a real local OpenID
 * provider of the file's own, at `publicUrl` (PUBLIC_URL unless the file overrides it; the shop's
 * PUBLIC_URL too, unless its `shopOptions` set another); `google` holds a person's steps through it.
 */
function makeGoogleTest() {
  return test
    .extend('publicUrl', { scope: 'file' }, PUBLIC_URL)
    .extend('provider', { scope: 'file' }, async ({ publicUrl }, { onCleanup }) => {
      const provider = await startOpenIdProvider(`${publicUrl}/api/auth/google/callback`);
      onCleanup(() => provider.close());
      return provider;
    })
    .extend('shop', { scope: 'file' }, async ({ shopOptions, provider, publicUrl }, { onCleanup }) => {
      const shop = await createTestShop({
        ...shopOptions,
        env: googleEnv(provider, publicUrl, shopOptions?.env),
      });
      onCleanup(() => shop.close());
      return shop;
    })
    .extend('google', { scope: 'file' }, ({ shop, provider }) => googleFlow(shop, provider));
}

export let googleTest = makeGoogleTest();
derive(() => {
  googleTest = makeGoogleTest();
});

/** A person's steps through Google sign-in on `shop`, against `provider`. */
function googleFlow(shop: TestShop, provider: LocalOpenIdProvider) {
  /** A Google account at the provider; its id is Google's `sub`. */
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
    return {
      location: res.headers.location as string,
      cookie,
      cookieHeader: `google_sign_in=${cookie.value}`,
    };
  }

  /** The provider's redirect back reaching the shop. */
  async function callback(returned: URL, cookieHeader?: string) {
    const res = await shop.app.inject({
      method: 'GET',
      url: `${returned.pathname}${returned.search}`,
      headers: cookieHeader ? { cookie: cookieHeader } : {},
    });
    expect(res.statusCode).toBe(302);
    return res;
  }

  /** The whole sign-in as a browser goes through it: the code in /login's fragment and the browser's cookie. */
  async function signIn(accountId: string, from?: string) {
    const flow = await start(from);
    const res = await callback(await provider.signIn(flow.location, accountId), flow.cookieHeader);
    return codeOf(res);
  }

  function exchange(code: string | null, browser?: string) {
    return shop.app.inject({
      method: 'POST',
      url: '/api/auth/google/exchange',
      payload: { code },
      headers: browser ? { cookie: `google_browser=${browser}` } : {},
    });
  }

  return { provider, shop, googleAccount, start, callback, signIn, exchange };
}

/** The one-time code and the browser's cookie a successful callback hands out. */
export function codeOf(res: LightMyRequestResponse) {
  const location = res.headers.location as string;
  expect(location.startsWith('/login#'), location).toBe(true);
  const fragment = new URLSearchParams(location.slice('/login#'.length));
  const browser = res.cookies.find((c) => c.name === 'google_browser');
  if (!browser) throw new Error('no browser cookie');
  return {
    code: fragment.get('code') ?? '',
    from: fragment.get('from'),
    browser: browser.value,
    cookie: browser,
  };
}

/** The error code a failed callback sends to /login. */
export function errorOf(location: string) {
  expect(location.startsWith('/login?error=')).toBe(true);
  return new URL(location, PUBLIC_URL).searchParams.get('error');
}
