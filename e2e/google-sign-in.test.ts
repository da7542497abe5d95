import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalOpenIdProvider, startOpenIdProvider } from '../apps/server/src/test-support/oidc-provider';
import { collectPageProblems, DESKTOP, launchBrowser, screenshot } from './support/browser';
import { freePort, type RunningShop, startShop } from './support/shop-server';

let provider: LocalOpenIdProvider;
let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  const port = await freePort();
  provider = await startOpenIdProvider(`http://127.0.0.1:${port}/api/auth/google/callback`);
  [shop, browser] = await Promise.all([
    startShop({
      PORT: String(port),
      GOOGLE_CLIENT_ID: provider.clientId,
      GOOGLE_CLIENT_SECRET: provider.clientSecret,
      GOOGLE_ISSUER: provider.issuer,
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await provider?.close();
});

describe('Google sign-in in the browser', () => {
  it('goes to the provider, signs in there and comes back to the page it asked for, signed in', async () => {
    provider.accounts.set('karim', { email: 'karim@gmail.test', email_verified: true, name: 'Karim Uddin' });
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: shop.baseUrl });
    const page = await context.newPage();
    const problems = collectPageProblems(page);
    try {
      await page.goto('/dashboard/add-review');
      await page.waitForURL('**/login');
      await page.getByRole('link', { name: 'Continue with Google' }).click();

      // The provider's own pages: sign in, then consent.
      await page.waitForURL(`${provider.issuer}/**`);
      await page.locator('input[name="login"]').fill('karim');
      await page.locator('input[name="password"]').fill('any');
      await page.locator('button[type="submit"]').click();
      await page.getByRole('button', { name: 'Continue' }).click();

      await page.getByRole('heading', { level: 1, name: 'Add Review' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/dashboard/add-review');
      // The one-use token left the address bar before it was used.
      expect(new URL(page.url()).hash).toBe('');
      const history = await page.evaluate(() => window.location.href);
      expect(history).not.toContain('google=');
      expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^ey/);
      await page.goto('/dashboard');
      await expect.poll(() => page.getByLabel('Name').inputValue()).toBe('Karim Uddin');
      await screenshot(page, 'google-signed-in-desktop');
      expect(problems.filter((p) => !p.includes(provider.issuer))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the reason in red on /login when the person cancels at the provider', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: shop.baseUrl });
    const page = await context.newPage();
    try {
      await page.goto('/login');
      await page.getByRole('link', { name: 'Continue with Google' }).click();
      await page.waitForURL(`${provider.issuer}/**`);
      await page.getByRole('link', { name: /Cancel/i }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe('Google sign-in was cancelled.');
      expect(new URL(page.url()).pathname).toBe('/login');
    } finally {
      await context.close();
    }
  });
});
