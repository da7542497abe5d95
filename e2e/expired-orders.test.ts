import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, screenshot, seriousAccessibilityProblems } from './support/browser';
import { journeys } from './support/journeys';
import { inStoppedDatabase } from './support/stopped-database';

const admin = { email: 'expiry-admin@parts-shop.example', password: 'admin-password-5' };
const buyer = { name: 'Meghna Controls', email: 'buyer@meghna.example', password: 'buyer-password-5' };

const journey = journeys({ env: { SEED_ADMIN_EMAIL: admin.email, SEED_ADMIN_PASSWORD: admin.password } });
const { signedIn, api, tokenOf } = journey;
const SCREENSHOTS = path.resolve(import.meta.dirname, '../test-results/screenshots');
let oven: { _id: string; name: string };
let orderId: string;

/** Moves the order's placing two hours back, in the stopped shop's database. */
async function placedTwoHoursAgo(dataDir: string, id: string): Promise<void> {
  const at = new Date(Date.now() - 2 * 3_600_000).toISOString();
  await inStoppedDatabase(dataDir, [['update orders set created_at = ? where id = ?', [at, id]]]);
}

beforeAll(async () => {
  expect((await api('/api/auth/signup', { method: 'POST', body: buyer })).status).toBe(201);
  oven = await journey.addPart(await tokenOf(admin), {
    name: 'Benchtop Reflow Oven 2000 W',
    price: 400,
    available: 500,
    min: 1,
    desc: 'A part for the expiry journeys',
  });
  const placed = await api('/api/purchase', {
    method: 'POST',
    token: await tokenOf(buyer),
    body: { partsId: oven._id, quantity: 12, mobile: '+880 1712 345678', address: 'Narayanganj' },
  });
  expect(placed.status).toBe(201);
  orderId = placed.json.insertedId as string;
  expect((await api(`/api/partsById?id=${oven._id}`)).json.available_quantity).toBe(488);
  // Two hours pass unpaid (the buyer's email is not verified: an hour is the limit); the shop's
  // background work releases the order when it starts again.
  await journey.restart((dataDir) => placedTwoHoursAgo(dataDir, orderId));
  const deadline = Date.now() + 10_000;
  while ((await api(`/api/partsById?id=${oven._id}`)).json.available_quantity !== 500) {
    if (Date.now() > deadline) throw new Error('The unpaid order was not released at start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

describe('an unpaid order that ran out of time', () => {
  it('shows as Expired to its buyer, with Buy again instead of Pay and Cancel', async () => {
    for (const [viewport, name] of [
      [undefined, 'my-order-expired-desktop'],
      [PHONE, 'my-order-expired-phone'],
    ] as const) {
      const page = await signedIn('/dashboard/my-order', buyer, viewport);
      const row = page.getByRole('row').filter({ hasText: oven.name });
      await row.getByText('Expired', { exact: true }).waitFor();
      expect(await row.getByRole('link', { name: 'Pay' }).count()).toBe(0);
      expect(await row.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
      expect(await seriousAccessibilityProblems(page)).toEqual([]);
      await screenshot(page, name);
      if (viewport) continue;
      await row.getByRole('link', { name: `Buy again: ${oven.name}` }).click();
      await page.getByRole('heading', { level: 1, name: 'Purchase' }).waitFor();
      await expect.poll(() => page.getByLabel('Quantity').inputValue()).toBe('12');
    }
  });

  it('shows as expired in Manage All Order, under its own filter, with nothing to delete', async () => {
    const page = await signedIn('/dashboard/manage-all-order', admin);
    await page.getByRole('heading', { level: 1, name: 'Manage All Order' }).waitFor();
    await page.getByLabel('State').selectOption('expired');
    const row = page.getByRole('row').filter({ hasText: oven.name });
    await row.getByText('Expired', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /^Delete the order of/ }).count()).toBe(0);
    await screenshot(page, 'manage-all-order-expired-desktop');
    await page.getByLabel('State').selectOption('unpaid');
    await expect.poll(() => page.getByRole('row').filter({ hasText: oven.name }).count()).toBe(0);
  });
});

describe('the purchase page', () => {
  const warning = 'Amount Limit Crossed. Limit: 9,999.99/-';

  it('warns before Buy that an amount above 9,999.99 cannot be paid by card', async () => {
    for (const [viewport, name] of [
      [undefined, 'purchase-amount-limit-desktop'],
      [PHONE, 'purchase-amount-limit-phone'],
    ] as const) {
      const page = await signedIn(`/purchase/${oven._id}`, buyer, viewport);
      await page.getByRole('heading', { level: 1, name: 'Purchase' }).waitFor();
      const quantity = page.getByLabel('Quantity');
      const alert = page.getByRole('alert').filter({ hasText: warning });
      // 24 × $400 = $9,600: a card pays that.
      await quantity.fill('24');
      await page.getByText('$9,600').waitFor();
      expect(await alert.count()).toBe(0);
      // 25 × $400 = $10,000: no card can.
      await quantity.fill('25');
      await alert.waitFor();
      expect(await alert.textContent()).toContain('cannot be paid by card');
      // The shop would refuse it: Buy waits, a quote is offered instead.
      expect(await page.getByRole('button', { name: 'Buy' }).isDisabled()).toBe(true);
      expect(await alert.getByRole('link', { name: 'Request a quote' }).count()).toBe(1);
      expect(await seriousAccessibilityProblems(page)).toEqual([]);
      await screenshot(page, name);
    }
  });
});

describe('the home page', () => {
  it('marks the review of a buyer who paid for an order "Verified buyer", and no other', async () => {
    const payer = { name: 'Padma Instruments', email: 'buyer@padma.example', password: 'buyer-password-6' };
    expect((await api('/api/auth/signup', { method: 'POST', body: payer })).status).toBe(201);
    const token = await tokenOf(payer);
    const placed = await api('/api/purchase', {
      method: 'POST',
      token,
      body: { partsId: oven._id, quantity: 1, mobile: '+880 1712 345678', address: 'Khulna' },
    });
    const intent = await api('/api/create-payment-intent', {
      method: 'POST',
      token,
      body: { _id: placed.json.insertedId },
    });
    const paid = await api('/api/payments/test/confirm', {
      method: 'POST',
      token,
      body: {
        clientSecret: intent.json.clientSecret,
        card: { number: '4242424242424242', exp: '12/34', cvc: '123' },
      },
    });
    expect(paid.status).toBe(200);
    const review = (who: string, message: string) =>
      api('/api/review', {
        method: 'POST',
        token: who,
        body: { name: message.split(':')[0], rating: 5, message },
      });
    expect((await review(token, 'Padma: the oven arrived in a week')).status).toBe(201);
    expect((await review(await tokenOf(buyer), 'Meghna: still deciding')).status).toBe(201);

    for (const [viewport, name] of [
      [undefined, 'home-verified-buyer-desktop'],
      [PHONE, 'home-verified-buyer-phone'],
    ] as const) {
      const page = await journey.open('/', viewport);
      const reviews = page.getByRole('region', { name: 'Customer reviews' });
      const paidReview = reviews.getByRole('article').filter({ hasText: 'the oven arrived in a week' });
      await paidReview.getByText('Verified buyer', { exact: true }).waitFor();
      const other = reviews.getByRole('article').filter({ hasText: 'still deciding' });
      await other.waitFor();
      expect(await other.getByText('Verified buyer').count()).toBe(0);
      await paidReview.scrollIntoViewIfNeeded();
      await screenshot(page, name);
      await reviews.screenshot({ path: path.join(SCREENSHOTS, `${name}-reviews.png`) });
    }
  });
});
