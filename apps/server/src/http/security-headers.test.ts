import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from '../test-support/stripe-api-stand-in.js';
import { createTestShop, type TestShop } from '../test-support/test-app.js';

let webDist: string;
let standIn: StripeStandIn;
let stripeShop: TestShop;
let testShop: TestShop;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Shop</title>');
  standIn = await startStripeStandIn();
  [stripeShop, testShop] = await Promise.all([
    createTestShop({
      demo: false,
      webDist,
      env: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: standIn.secretKey,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_shop',
        STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
        STRIPE_API_URL: `http://${standIn.host}:${standIn.port}`,
      },
    }),
    createTestShop({ demo: false, webDist }),
  ]);
});
afterAll(async () => {
  await Promise.all([stripeShop.close(), testShop.close()]);
  await standIn.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const strictPolicy =
  "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data: https:;font-src 'self' data:;" +
  "connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";
/** Helmet's headers with the shop's options, CSP aside. */
const HELMET_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('the security headers', () => {
  it.each([
    ['an API answer', 'GET', '/api/parts?limit=1', 200],
    ['an API error', 'GET', '/api/no-such-thing', 404],
    ['a refused body', 'POST', '/api/messages', 400],
    ['a page', 'GET', '/parts', 200],
    ['a HEAD of a page', 'HEAD', '/dashboard/my-orders', 200],
  ] as const)(
    'are on %s, each value as Helmet sends it with the strict policy, HSTS only over https',
    async (_, method, url, status) => {
      const res = await testShop.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode).toBe(status);
      for (const [name, value] of Object.entries(HELMET_HEADERS)) expect(res.headers[name], name).toBe(value);
      expect(res.headers['content-security-policy']).toBe(strictPolicy);
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    },
  );

  it('let the card payment page, and only it, load Stripe.js and its frames when Stripe takes the cards', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const page = await stripeShop.app.inject({ method, url: '/dashboard/payment/0a1b2c3d' });
      expect(page.statusCode).toBe(200);
      // One policy: Stripe's hosts added to the strict one, and nothing else loosened.
      expect(page.headers['content-security-policy']).toBe(
        "default-src 'self';script-src 'self' https://js.stripe.com https://*.js.stripe.com;style-src 'self';" +
          "img-src 'self' data: https:;font-src 'self' data:;connect-src 'self' https://api.stripe.com;" +
          'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;' +
          "object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
      );
      for (const [name, value] of Object.entries(HELMET_HEADERS))
        expect(page.headers[name], name).toBe(value);
    }
    for (const url of ['/dashboard/my-orders', '/parts', '/api/parts?limit=1', '/dashboard/payment']) {
      const other = await stripeShop.app.inject({ method: 'GET', url });
      expect(other.headers['content-security-policy'], url).toBe(strictPolicy);
    }
    // Without Stripe the payment page keeps the strict policy.
    const withoutStripe = await testShop.app.inject({ method: 'GET', url: '/dashboard/payment/0a1b2c3d' });
    expect(withoutStripe.headers['content-security-policy']).toBe(strictPolicy);
  });
});
