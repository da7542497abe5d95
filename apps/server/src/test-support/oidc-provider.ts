import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface ProviderAccount {
  email: string;
  email_verified: boolean;
  name: string;
}

export interface LocalOpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in at the provider, by account id. */
  accounts: Map<string, ProviderAccount>;
  /**
   * Plays the person at the provider: follows `authorizationUrl`, signs in as `accountId`,
   * consents, and returns the URL the provider sends the browser back to (the shop's callback).
   */
  signIn(authorizationUrl: string, accountId: string): Promise<URL>;
  close(): Promise<void>;
}

/** A real OpenID Provider (node-oidc-provider) on a free local port, with one client: the shop. */
export async function startOpenIdProvider(redirectUris: string | string[]): Promise<LocalOpenIdProvider> {
  const accounts = new Map<string, ProviderAccount>();
  let handler: http.RequestListener = (_req, res) => res.end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'parts-shop';
  const clientSecret = 'parts-shop-client-secret-for-tests';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUris].flat(),
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['local-provider-cookie-key'] },
    pkce: { required: () => true },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
  });
  handler = provider.callback();

  async function signIn(authorizationUrl: string, accountId: string): Promise<URL> {
    const jar = new Map<string, string>();
    let url = new URL(authorizationUrl);
    let form: Record<string, string> | undefined;
    for (let hop = 0; hop < 12; hop++) {
      const response = await fetch(url, {
        method: form ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { body: new URLSearchParams(form).toString() } : {}),
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const [name = '', value = ''] = pair.split('=');
        if (value) jar.set(name.trim(), value);
        else jar.delete(name.trim());
      }
      const page = await response.text();
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        const next = new URL(location, url);
        if (!next.href.startsWith(issuer)) return next;
        url = next;
        form = undefined;
        continue;
      }
      if (response.status !== 200 || !url.pathname.startsWith('/interaction/')) {
        throw new Error(`The provider answered ${response.status} at ${url.pathname}`);
      }
      // The provider's own login and consent pages (its development interactions).
      form = page.includes('name="login"')
        ? { prompt: 'login', login: accountId, password: 'any' }
        : { prompt: 'consent' };
    }
    throw new Error('The provider never sent the browser back');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    signIn,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
