import { describe, expect } from 'vitest';
import { test } from '../test-support/fixture.js';
import { HELMET_HEADERS, STRICT_POLICY } from '../test-support/security-headers.js';

// The test payments' shop, serving a web app; the Stripe payment page's policy is security-headers-stripe.test.ts.
test.override('shopOptions', { demo: false, indexHtml: '<!doctype html><title>Shop</title>' });

describe('the security headers', () => {
  test.for([
    ['an API answer', 'GET', '/api/parts?limit=1', 200],
    ['an API error', 'GET', '/api/no-such-thing', 404],
    ['a refused body', 'POST', '/api/messages', 400],
    ['a page', 'GET', '/parts', 200],
    ['a HEAD of a page', 'HEAD', '/dashboard/my-orders', 200],
  ] as const)(
    'are on %s, each value as Helmet sends it with the strict policy, HSTS only over https',
    async ([, method, url, status], { as }) => {
      const res = await as(null).send(method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode).toBe(status);
      for (const [name, value] of Object.entries(HELMET_HEADERS)) expect(res.headers[name], name).toBe(value);
      expect(res.headers['content-security-policy']).toBe(STRICT_POLICY);
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    },
  );

  test('keep the strict policy on the card payment page without Stripe', async ({ as }) => {
    const withoutStripe = await as(null).get('/dashboard/payment/0a1b2c3d');
    expect(withoutStripe.headers['content-security-policy']).toBe(STRICT_POLICY);
  });

  test("let the punchout page, and only it, post a form to another site (the procurement system's)", async ({
    as,
  }) => {
    const page = await as(null).get('/punchout');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(
      STRICT_POLICY.replace("form-action 'self'", "form-action 'self' https: http:"),
    );
    for (const url of ['/order', '/punchout/other', '/catalog'])
      expect((await as(null).get(url)).headers['content-security-policy'], url).toBe(STRICT_POLICY);
  });
});
