import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, screenshot, seriousAccessibilityProblems } from './support/browser';
import { fillTestCard, journeys } from './support/journeys';

const admin = { email: 'overview-admin@parts-shop.example', password: 'admin-password-4' };
const buyer = { name: 'Meghna Controls', email: 'buyer@meghna.example', password: 'buyer-password-4' };

const journey = journeys({ env: { SEED_ADMIN_EMAIL: admin.email, SEED_ADMIN_PASSWORD: admin.password } });
const { signedIn, api, tokenOf } = journey;
let stocked: { _id: string; name: string };
let emptied: { _id: string; name: string };
let low: { _id: string; name: string };

/** Today as the figures table shows it: the UTC day, as the API counts days. */
const today = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date());

beforeAll(async () => {
  expect((await api('/api/auth/signup', { method: 'POST', body: buyer })).status).toBe(201);
  const adminToken = await tokenOf(admin);
  const addPart = (name: string, available: number, price: number) =>
    journey.addPart(adminToken, {
      name,
      available,
      price,
      min: 10,
      desc: 'A part for the overview journeys',
    });
  stocked = await addPart('Thermal Camera Module 32x24', 500, 9);
  emptied = await addPart('ESD-Safe Tweezers Set', 25, 4);
  // Two minimum orders left: running low.
  low = await addPart('Desoldering Wick 2.5 mm', 20, 3);
  // The buyer takes 20 of 25 and does not pay: 5 left of a minimum of 10, and $80 owed.
  const placed = await api('/api/purchase', {
    method: 'POST',
    token: await tokenOf(buyer),
    body: { partsId: emptied._id, quantity: 20, mobile: '+880 1712 345678', address: 'Dhaka' },
  });
  expect(placed.status).toBe(201);
});

async function buyAndPay(page: Page): Promise<void> {
  await page.goto(`/purchase/${stocked._id}`);
  await page.getByRole('heading', { level: 1, name: 'Purchase' }).waitFor();
  await page.getByLabel('Quantity').fill('20');
  await page.getByLabel('Mobile').fill('+880 1819 000111');
  await page.getByLabel('Address').fill('Plot 7, CEPZ, Chattogram');
  await page.getByRole('button', { name: 'Buy' }).click();
  await page.getByRole('heading', { level: 1, name: 'My Order' }).waitFor();
  await page.getByRole('row').filter({ hasText: stocked.name }).getByRole('link', { name: 'Pay' }).click();
  await fillTestCard(page);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page
    .getByRole('alert')
    .filter({ hasText: /^Payment Complete\./ })
    .waitFor();
}

describe('the admins’ Overview', () => {
  it('shows today’s order and payment, what is owed and the part that cannot be ordered', async () => {
    await buyAndPay(await signedIn('/', buyer));

    const page = await signedIn('/dashboard', admin);
    const drawer = page.getByRole('navigation', { name: 'Dashboard' });
    await drawer.getByRole('link', { name: 'Overview' }).waitFor();
    expect((await drawer.getByRole('link').allTextContents()).slice(0, 2)).toEqual([
      'My Profile',
      'Overview',
    ]);
    await drawer.getByRole('link', { name: 'Overview' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();

    const chart = page.getByRole('img', { name: /orders placed and \$\d/ });
    await chart.locator('svg').first().waitFor();
    expect(await chart.getAttribute('aria-label')).toMatch(/^From .*: 2 orders placed and \$180 paid\./);

    const unpaid = page.getByRole('term').filter({ hasText: 'Unpaid orders' }).locator('..');
    expect(await unpaid.textContent()).toContain('$80');
    expect(await unpaid.textContent()).toContain('1 order awaiting payment');

    await page.getByText('Show the figures').click();
    const figures = page.getByRole('table', { name: /Orders placed and dollars paid per day/ });
    expect(await figures.getByRole('row').count()).toBe(31);
    const todayRow = figures.getByRole('row').filter({ has: page.getByRole('rowheader', { name: today }) });
    expect(await todayRow.getByRole('cell').allTextContents()).toEqual(['2', '$180']);

    const cannot = page.getByRole('region', { name: /Cannot be ordered/ });
    await cannot.getByText(emptied.name).waitFor();
    await cannot.getByText('5 pcs left, minimum order 10 pcs').waitFor();
    const runningLow = page.getByRole('region', { name: /Running low/ });
    await runningLow.getByText('20 pcs left, minimum order 10 pcs').waitFor();
    await runningLow.getByRole('link', { name: `Edit ${low.name}` }).waitFor();
    expect(await runningLow.getByText(stocked.name).count()).toBe(0);
    expect(await runningLow.getByText(emptied.name).count()).toBe(0);

    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'overview-desktop');

    await cannot.getByRole('link', { name: `Edit ${emptied.name}` }).click();
    await page.waitForURL(`**/dashboard/edit-product/${emptied._id}`);
  });

  it('fits a phone', async () => {
    const page = await signedIn('/dashboard/overview', admin, PHONE);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page
      .getByRole('img', { name: /orders placed/ })
      .locator('svg')
      .first()
      .waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'overview-phone');
  });

  it('is not shown to buyers', async () => {
    const page = await signedIn('/dashboard', buyer);
    await page.getByRole('link', { name: 'My Order' }).waitFor();
    expect(await page.getByRole('link', { name: 'Overview' }).count()).toBe(0);
  });
});
