import { describe, expect } from 'vitest';
import { test } from '../test-support/fixture.js';
import { HELMET_HEADERS, STRICT_POLICY } from '../test-support/security-headers.js';

// Beside security-headers.test.ts: a shop whose cards Stripe takes, serving a web app. The pages'
// headers never ask Stripe's API, so its address leads nowhere.
test.override('shopOptions', {
  demo: false,
  indexHtml: '<!doctype html><title>Shop</title>',
  env: {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_security_headers',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_shop',
    STRIPE_WEBHOOK_SECRET: 'whsec_security_headers',
    STRIPE_API_URL: 'http://127.0.0.1:9',
  },
});

describe('the security headers', () => {
  test('let the card payment page, and only it, load Stripe.js and its frames when Stripe takes the cards', async ({
    as,
  }) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const page = await as(null).send(method, '/dashboard/payment/0a1b2c3d');
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
      const other = await as(null).get(url);
      expect(other.headers['content-security-policy'], url).toBe(STRICT_POLICY);
    }
  });
});
