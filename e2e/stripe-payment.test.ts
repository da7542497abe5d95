import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from '../apps/server/src/test-support/stripe-api-stand-in';
import { collectPageProblems, DESKTOP, launchBrowser } from './support/browser';
import { type RunningShop, startShop } from './support/shop-server';

const buyer = { name: 'Padma Components', email: 'buyer@padma.example', password: 'buyer-password-4' };
const admin = { email: 'stripe-admin@parts-shop.example', password: 'admin-password-4' };

let standIn: StripeStandIn;
let shop: RunningShop;
let browser: Browser;
let orderId: string;

async function api(path: string, body: unknown, token?: string) {
  const res = await fetch(`${shop.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, string>;
}

beforeAll(async () => {
  standIn = await startStripeStandIn();
  [shop, browser] = await Promise.all([
    startShop({
      SEED_ADMIN_EMAIL: admin.email,
      SEED_ADMIN_PASSWORD: admin.password,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_journey',
      STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
      STRIPE_API_URL: `http://${standIn.host}:${standIn.port}`,
    }),
    launchBrowser(),
  ]);
  const token = (await api('/api/auth/signup', buyer)).accessToken;
  const [part] = (await (await fetch(`${shop.baseUrl}/api/parts?limit=1`)).json()) as {
    _id: string;
    min_order_quantity: number;
  }[];
  orderId = (
    await api(
      '/api/purchase',
      {
        partsId: part?._id,
        quantity: part?.min_order_quantity,
        mobile: '+880 1712 345678',
        address: 'Khulna',
      },
      token,
    )
  ).insertedId as string;
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await standIn?.close();
});

describe('paying through Stripe', () => {
  it('opens the payment page as its own document whose CSP lets in exactly Stripe, and loads Stripe.js from Stripe', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: shop.baseUrl });
    const page = await context.newPage();
    const problems = collectPageProblems(page);
    // Stripe is not reachable from here: record that the page asks Stripe for Stripe.js, and refuse.
    const asked: string[] = [];
    await page.route('https://*.stripe.com/**', (route) => {
      asked.push(route.request().url());
      return route.abort();
    });
    try {
      await page.goto('/login');
      await page.getByLabel('Email').fill(buyer.email);
      await page.getByLabel('Password').fill(buyer.password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL(`${shop.baseUrl}/`);
      const myOrder = await page.goto('/dashboard/my-order');
      expect(myOrder?.headers()['content-security-policy']).not.toContain('stripe');

      const [document] = await Promise.all([
        page.waitForResponse((res) => res.url().endsWith(`/dashboard/payment/${orderId}`)),
        page.getByRole('link', { name: 'Pay', exact: true }).click(),
      ]);
      const policy = document.headers()['content-security-policy'] ?? '';
      expect(policy).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com;");
      expect(policy).toContain(
        'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;',
      );
      expect(policy).toContain("connect-src 'self' https://api.stripe.com;");
      expect(policy).not.toContain('unsafe-inline');

      await page
        .getByText('The card form could not be loaded from Stripe. Please try again later.')
        .waitFor();
      expect(asked.some((url) => url.startsWith('https://js.stripe.com/'))).toBe(true);
      // The intent was made at Stripe for this order, in cents.
      expect([...standIn.intents.values()].some((i) => i.metadata.order_id === orderId)).toBe(true);
      // What remains are the refused Stripe requests themselves.
      expect(problems.filter((p) => !p.includes('stripe.com') && !p.includes('net::ERR_FAILED'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
