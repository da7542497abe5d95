import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { linkIn, mailTo } from '../test-support/account-mails.js';
import { bearer, signUp, signUpAdmin, uniqueEmail } from '../test-support/accounts.js';
import { markVerified } from '../test-support/companies.js';
import { googleShop } from '../test-support/google-flow.js';
import { startTestMailServer, type TestMailServer } from '../test-support/smtp-server.js';
import { createTestShop, type TestShop } from '../test-support/test-app.js';

/**
 * Mailed links and Google's redirect come from configuration alone: a request's Host or
 * X-Forwarded-Host never aims a genuine mail at another site.
 */
const FORGED = { host: '127.0.0.1:3420@evil.example', 'x-forwarded-host': 'evil.example' };
const SHOP = 'http://localhost:3000'; // development's default: PORT 3000, no PUBLIC_URL

let smtp: TestMailServer;
let shop: TestShop;
beforeAll(async () => {
  smtp = await startTestMailServer();
  // TRUST_PROXY: even a believed proxy's X-Forwarded-Host must not reach a link.
  shop = await createTestShop({
    demo: true,
    env: { SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '1', TRUST_PROXY: 'true' },
  });
});
afterAll(async () => {
  await shop.close();
  await smtp.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: 'POST', url, payload, headers: { ...FORGED, ...headers } });

describe('mailed links under a forged Host', () => {
  it('a verification link points at the configured shop', async () => {
    const email = uniqueEmail('verify');
    const res = await post('/api/auth/signup', { name: 'Link Reader', email, password: 'a long password' });
    expect(res.statusCode, res.body).toBe(201);
    const { link } = linkIn((await mailTo(smtp, email, 'Verify your email')).text);
    expect(new URL(link).origin).toBe(SHOP);
    expect(link.startsWith(`${SHOP}/verify-email#token=`)).toBe(true);
  });

  it("a password reset link points at the configured shop, the shop admin's included", async () => {
    const admin = await signUpAdmin(shop.app, shop.database.db);
    expect((await post('/api/auth/password-reset/request', { email: admin.email })).statusCode).toBe(202);
    const { link } = linkIn((await mailTo(smtp, admin.email, 'Reset your password')).text);
    expect(link.startsWith(`${SHOP}/reset-password#token=`)).toBe(true);
  });

  it('an invitation link and a quote link point at the configured shop', async () => {
    const owner = await signUp(shop.app, { name: 'Company Owner' });
    await markVerified(shop.database.db, owner);
    const company = await post('/api/companies', { name: 'Links Ltd' }, bearer(owner));
    expect(company.statusCode, company.body).toBe(201);
    const invitee = uniqueEmail('invitee');
    const invited = await post(
      `/api/companies/${company.json().insertedId}/invitations`,
      { email: invitee, role: 'buyer' },
      bearer(owner),
    );
    expect(invited.statusCode, invited.body).toBe(201);
    const { link } = linkIn((await mailTo(smtp, invitee, 'Join ')).text);
    expect(link.startsWith(`${SHOP}/invitations#token=`)).toBe(true);

    const admin = await signUpAdmin(shop.app, shop.database.db);
    const part = (await shop.app.inject({ method: 'GET', url: '/api/parts?limit=1' })).json()[0];
    const quote = await post(
      '/api/quotes',
      { lines: [{ partsId: part._id, quantity: 500 }], message: 'A price for 500?' },
      bearer(owner),
    );
    expect(quote.statusCode, quote.body).toBe(201);
    const asked = await mailTo(smtp, admin.email, 'Quote requested by');
    expect(asked.text).toContain(`${SHOP}/dashboard/quotes/${quote.json().insertedId}`);
    expect(asked.text).not.toContain('evil.example');
  });
});

describe('the shop address in configuration', () => {
  it('production refuses to start without PUBLIC_URL, naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://parts.example/' }).publicUrl).toBe(
      'https://parts.example',
    );
  });

  it('development defaults to http://localhost:<PORT>', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8123' }).publicUrl).toBe('http://localhost:8123');
  });
});

describe("Google's redirect URI", () => {
  it('comes from configuration, whatever Host the request names', async () => {
    // No PUBLIC_URL: development's default address, never the request's.
    const google = await googleShop({ PUBLIC_URL: '' }, SHOP);
    try {
      const res = await google.shop.app.inject({ method: 'GET', url: '/api/auth/google', headers: FORGED });
      expect(res.statusCode).toBe(302);
      const location = new URL(res.headers.location as string);
      expect(location.searchParams.get('redirect_uri')).toBe(`${SHOP}/api/auth/google/callback`);
    } finally {
      await google.close();
    }
  });
});
