import { describe, expect } from 'vitest';
import { loadConfig } from '../config.js';
import { linkIn, mailTo } from '../test-support/account-mails.js';
import { signUp, uniqueEmail } from '../test-support/accounts.js';
import { markVerified } from '../test-support/companies.js';
import { type Caller, mailTest } from '../test-support/fixture.js';

/**
 * Mailed links and Google's redirect come from configuration alone: a request's Host or
 * X-Forwarded-Host never aims a genuine mail at another site.
 */
const FORGED = { host: '127.0.0.1:3420@evil.example', 'x-forwarded-host': 'evil.example' };
const SHOP = 'http://localhost:3000'; // development's default: PORT 3000, no PUBLIC_URL

// TRUST_PROXY: even a believed proxy's X-Forwarded-Host must not reach a link.
mailTest.override('shopOptions', { demo: true, env: { MAIL_RETRY_SECONDS: '1', TRUST_PROXY: 'true' } });

/** `post(caller, url, payload)` under the forged Host. */
const test = mailTest.extend(
  'post',
  { scope: 'file' },
  () => (caller: Caller, url: string, payload: object) => caller.post(url, payload, FORGED),
);

describe('mailed links under a forged Host', () => {
  test('a verification link points at the configured shop', async ({ smtp, as, post }) => {
    const email = uniqueEmail('verify');
    const res = await post(as(null), '/api/auth/signup', {
      name: 'Link Reader',
      email,
      password: 'a long password',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { link } = linkIn((await mailTo(smtp, email, 'Verify your email')).text);
    expect(new URL(link).origin).toBe(SHOP);
    expect(link.startsWith(`${SHOP}/verify-email#token=`)).toBe(true);
  });

  test("a password reset link points at the configured shop, the shop admin's included", async ({
    smtp,
    as,
    admin,
    post,
  }) => {
    expect(
      (await post(as(null), '/api/auth/password-reset/request', { email: admin.email })).statusCode,
    ).toBe(202);
    const { link } = linkIn((await mailTo(smtp, admin.email, 'Reset your password')).text);
    expect(link.startsWith(`${SHOP}/reset-password#token=`)).toBe(true);
  });

  test('an invitation link and a quote link point at the configured shop', async ({
    shop,
    smtp,
    as,
    admin,
    post,
  }) => {
    const owner = await signUp(shop.app, { name: 'Company Owner' });
    await markVerified(shop.database.db, owner);
    const company = await post(as(owner), '/api/companies', { name: 'Links Ltd' });
    expect(company.statusCode, company.body).toBe(201);
    const invitee = uniqueEmail('invitee');
    const invited = await post(as(owner), `/api/companies/${company.json().insertedId}/invitations`, {
      email: invitee,
      role: 'buyer',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const { link } = linkIn((await mailTo(smtp, invitee, 'Join ')).text);
    expect(link.startsWith(`${SHOP}/invitations#token=`)).toBe(true);

    const part = (await as(null).get('/api/parts?limit=1')).json()[0];
    const quote = await post(as(owner), '/api/quotes', {
      lines: [{ partsId: part._id, quantity: 500 }],
      message: 'A price for 500?',
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const asked = await mailTo(smtp, admin.email, 'Quote requested by');
    expect(asked.text).toContain(`${SHOP}/dashboard/quotes/${quote.json().insertedId}`);
    expect(asked.text).not.toContain('evil.example');
  });
});

describe('the shop address in configuration', () => {
  test('production refuses to start without PUBLIC_URL, naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://parts.example/' }).publicUrl).toBe(
      'https://parts.example',
    );
  });

  test('development defaults to http://localhost:<PORT>', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8123' }).publicUrl).toBe('http://localhost:8123');
  });
});
