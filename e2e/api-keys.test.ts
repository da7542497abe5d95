import { describe, expect, it } from 'vitest';
import { PHONE, screenshot, seriousAccessibilityProblems } from './support/browser';
import { journeys } from './support/journeys';

const buyer = { name: 'Padma Controls', email: 'it@padma.example', password: 'buyer-password-9' };
const journey = journeys();
const { signedIn, api } = journey;

describe("a buyer's keys for their own systems", () => {
  it('makes a key, sees it once with an example call, uses it, and revokes it', async () => {
    expect((await api('/api/auth/signup', { method: 'POST', body: buyer })).status).toBe(201);
    const page = await signedIn('/dashboard/api-keys', buyer);
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    await page.getByText('No keys yet: make one above.').waitFor();
    await page.getByLabel('Name').fill('Our ERP');
    await page.getByLabel(/Read orders/).check();
    await page.getByRole('button', { name: 'Make key' }).click();
    const shown = page.getByRole('alert').filter({ hasText: 'Your new key' });
    const key = (await shown.locator('code').first().textContent()) ?? '';
    expect(key).toMatch(/^sk_live_/);
    await shown.getByText(`curl -H "authorization: Bearer ${key}"`).waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: 'Our ERP' })
      .getByText('Read the catalog, Read orders')
      .waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'api-keys-1280');

    // The key reads the catalog, not the admin's lists; once used, the page says when.
    expect((await api('/api/parts?limit=5', { token: key })).status).toBe(200);
    expect((await api('/api/users', { token: key })).status).toBe(403);
    await shown.getByRole('button', { name: 'I have kept it' }).click();
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: 'Our ERP' });
    await row.getByText(/UTC$/).waitFor();
    expect(await page.content()).not.toContain(key);

    await row.getByRole('button', { name: 'Revoke Our ERP' }).click();
    await page.getByText('No keys yet: make one above.').waitFor();
    expect((await api('/api/parts?limit=5', { token: key })).status).toBe(401);
  });

  it('reads well on a phone', async () => {
    const page = await signedIn('/dashboard/api-keys', buyer, PHONE);
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    await page.getByLabel('Name').fill('Stock script');
    await page.getByRole('button', { name: 'Make key' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your new key' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Stock script' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'api-keys-375');
  });
});
