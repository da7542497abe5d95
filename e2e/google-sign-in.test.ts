import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalOpenIdProvider, startOpenIdProvider } from '../apps/server/src/test-support/oidc-provider';
import {
  appRunning,
  collectPageProblems,
  DESKTOP,
  launchBrowser,
  PHONE,
  screenshot,
  seriousAccessibilityProblems,
} from './support/browser';
import { freePort, type RunningShop, startShop } from './support/shop-server';

let provider: LocalOpenIdProvider;
let shop: RunningShop;
let withoutGoogle: RunningShop;
let browser: Browser;
/** The shop under a name of its own, so the provider (127.0.0.1) is another site, as Google is. */
let shopUrl: string;

beforeAll(async () => {
  const port = await freePort();
  shopUrl = `http://shop.test:${port}`;
  provider = await startOpenIdProvider(`${shopUrl}/api/auth/google/callback`);
  [shop, withoutGoogle, browser] = await Promise.all([
    startShop({
      PORT: String(port),
      PUBLIC_URL: shopUrl,
      GOOGLE_CLIENT_ID: provider.clientId,
      GOOGLE_CLIENT_SECRET: provider.clientSecret,
      GOOGLE_ISSUER: provider.issuer,
    }),
    startShop(),
    launchBrowser('MAP shop.test 127.0.0.1'),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await withoutGoogle?.stop();
  await provider?.close();
});

/** At the provider's own pages: sign in as `accountId`, then consent. */
async function signInAtProvider(page: Page, accountId: string) {
  await page.waitForURL(`${provider.issuer}/**`);
  await page.locator('input[name="login"]').fill(accountId);
  await page.locator('input[name="password"]').fill('any');
  await page.locator('button[type="submit"]').click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The browser's note that an http origin other than localhost gets no COOP: about the test's host name, not the page. */
const pageProblems = (problems: string[]) =>
  problems.filter((p) => !p.includes('Cross-Origin-Opener-Policy header has been ignored'));

const NOT_HERE = 'This Google sign-in has expired or was started in another browser. Please sign in again.';

describe('Google sign-in in the browser', () => {
  it('goes to the provider, signs in there and comes back to the page it asked for, signed in', async () => {
    provider.accounts.set('karim', { email: 'karim@gmail.test', email_verified: true, name: 'Karim Uddin' });
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: shopUrl });
    const page = await context.newPage();
    const problems = collectPageProblems(page);
    const exchanges: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/auth/google/exchange')) exchanges.push(response.status());
    });
    try {
      await page.goto('/dashboard/add-review');
      await page.waitForURL('**/login');
      await page.getByRole('link', { name: 'Continue with Google' }).click();
      await signInAtProvider(page, 'karim');

      await page.getByRole('heading', { level: 1, name: 'Add Review' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/dashboard/add-review');
      expect(exchanges).toEqual([200]);
      // The one-time code left the address bar before it was used; no token ever was in it.
      expect(new URL(page.url()).hash).toBe('');
      expect(await page.evaluate(() => window.location.href)).not.toContain('code=');
      expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^ey/);
      // The cookie that bound the code to this browser is gone with it.
      expect((await context.cookies()).map((c) => c.name)).not.toContain('google_browser');
      await page.goto('/dashboard');
      await expect.poll(() => page.getByLabel('Name').inputValue()).toBe('Karim Uddin');
      await screenshot(page, 'google-signed-in-desktop');
      expect(pageProblems(problems).filter((p) => !p.includes(provider.issuer))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('signs nobody in from a link carrying someone else’s code', async () => {
    provider.accounts.set('rahim', { email: 'rahim@gmail.test', email_verified: true, name: 'Rahim Ali' });
    // Rahim's browser comes back with a code, but never gets to use it: the code is taken.
    const rahims = await browser.newContext({ viewport: DESKTOP, baseURL: shopUrl });
    const rahim = await rahims.newPage();
    let steal: (code: string) => void = () => {};
    const stolen = new Promise<string>((resolve) => {
      steal = resolve;
    });
    await rahim.route('**/api/auth/google/exchange', async (route) => {
      steal(route.request().postDataJSON().code);
      await route.abort();
    });
    // Someone else opens a link carrying it.
    const others = await browser.newContext({ viewport: PHONE, baseURL: shopUrl });
    const other = await others.newPage();
    const problems = collectPageProblems(other);
    try {
      await rahim.goto('/login');
      await rahim.getByRole('link', { name: 'Continue with Google' }).click();
      await signInAtProvider(rahim, 'rahim');
      const code = await stolen;

      await other.goto(`/login#${new URLSearchParams({ code, from: '/dashboard' })}`);
      const alert = other.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe(NOT_HERE);
      expect(new URL(other.url()).pathname).toBe('/login');
      expect(await other.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
      await screenshot(other, 'google-someone-elses-code-phone');
      // The exchange's 400 is the refusal the page expected, and shows as above.
      expect(pageProblems(problems).filter((p) => !p.includes('status of 400'))).toEqual([]);
    } finally {
      await rahims.close();
      await others.close();
    }
  });

  it('shows the reason in red on /login when the person cancels at the provider', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: shopUrl });
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

describe('Google sign-in on a shop without Google', () => {
  for (const [viewport, size] of [
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ] as const) {
    it(`keeps the button and says in red above it that Google is not available (${size})`, async () => {
      const context = await browser.newContext({ viewport, baseURL: withoutGoogle.baseUrl });
      const page = await context.newPage();
      const problems = collectPageProblems(page);
      try {
        for (const path of ['/signup', '/login']) {
          await page.goto(path);
          // The page's script asks first and stays (before it runs, the link leads to /login's reason).
          await expect.poll(() => appRunning(page)).toBe(true);
          const button = page.getByRole('link', { name: 'Continue with Google' });
          await button.click();
          const alert = page.getByRole('alert');
          await alert.waitFor();
          expect(await alert.textContent()).toBe('Google sign-in is not available on this shop.');
          expect(new URL(page.url()).pathname).toBe(path);
          // Above the button.
          const [alertBox, buttonBox] = await Promise.all([alert.boundingBox(), button.boundingBox()]);
          expect((alertBox?.y ?? 0) + (alertBox?.height ?? 0)).toBeLessThanOrEqual(buttonBox?.y ?? 0);
        }
        expect(await seriousAccessibilityProblems(page)).toEqual([]);
        await screenshot(page, `login-google-not-configured-${size}`);
        // The 503 the click asked for is the answer it expected, not a problem of the page.
        expect(problems.filter((p) => !p.includes('status of 503'))).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('shows only its own words for the reason in the address, never the address’s', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: withoutGoogle.baseUrl });
    const page = await context.newPage();
    try {
      await page.goto('/login?error=google_no_email');
      await page.getByRole('alert').waitFor();
      expect(await page.getByRole('alert').textContent()).toBe(
        'Your Google account has no verified email address.',
      );
      for (const error of ['<script>alert(1)</script>', 'Your account is locked', 'toString']) {
        await page.goto(`/login?${new URLSearchParams({ error })}`);
        await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
        await page.getByRole('link', { name: 'Continue with Google' }).waitFor();
        expect(await page.getByRole('alert').count(), error).toBe(0);
        expect(await page.locator('body').textContent(), error).not.toContain('locked');
      }
    } finally {
      await context.close();
    }
  });
});
