import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot, seriousAccessibilityProblems } from './support/browser';
import { fillTestCard, journeys } from './support/journeys';

const admin = { email: 'lines-admin@parts-shop.example', password: 'admin-password-8' };
const buyer = { name: 'Padma Circuits', email: 'buyer@padma.example', password: 'buyer-password-8' };

const journey = journeys({ env: { SEED_ADMIN_EMAIL: admin.email, SEED_ADMIN_PASSWORD: admin.password } });
const { signedIn, api, tokenOf } = journey;
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
let parts: { _id: string; name: string }[];
let orderId: string;

/** A full-page screenshot kept as a test artifact, and under /tmp to be looked at. */
async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  await page.screenshot({ path: `/tmp/h5-${name}.png`, fullPage: true });
}

/** Whether the control lies wholly inside the window's width (not scrolled off a phone's screen). */
async function onScreen(page: Page, control: Locator): Promise<boolean> {
  const box = await control.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}

beforeAll(async () => {
  expect((await api('/api/auth/signup', { method: 'POST', body: buyer })).status).toBe(201);
  const token = await tokenOf(admin);
  const desc = 'A part for the order-lines journeys';
  parts = [
    await journey.addPart(token, {
      name: 'Hakko Soldering Station FX-888D',
      price: 95,
      available: 400,
      min: 2,
      desc,
    }),
    await journey.addPart(token, {
      name: 'Flux Pen No-Clean 10 ml',
      price: 6,
      available: 900,
      min: 10,
      desc,
    }),
    await journey.addPart(token, { name: 'ESD Safe Tweezers Set', price: 14, available: 600, min: 5, desc }),
  ];
  const [station, flux, tweezers] = parts as [(typeof parts)[0], (typeof parts)[0], (typeof parts)[0]];
  const placed = await api('/api/orders', {
    method: 'POST',
    token: await tokenOf(buyer),
    body: {
      lines: [
        { partsId: station._id, quantity: 4 },
        { partsId: flux._id, quantity: 120 },
        { partsId: tweezers._id, quantity: 25 },
      ],
      mobile: '+880 1712 345678',
      address: 'Plot 12, Tongi BSCIC, Gazipur',
      poNumber: 'PO-2026-0117',
    },
  });
  expect(placed.status).toBe(201);
  orderId = placed.json.insertedId as string;
});

describe('an order of several lines', () => {
  it('shows each line and the PO number on My Order, at 1280 and on a phone, with Pay in view', async () => {
    for (const [viewport, size] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await signedIn('/dashboard/my-order', buyer, viewport);
      await page.getByRole('heading', { level: 1, name: 'My Order' }).waitFor();
      const row = page.getByRole('row').filter({ hasText: 'PO-2026-0117' });
      await row.getByText('+ 2 more parts').waitFor();
      // The row names the order by its number, then its first part; the others show once opened.
      expect(await row.getByRole('cell').first().textContent()).toMatch(
        new RegExp(`^SO-\\d{6}${parts[0]?.name}`),
      );
      expect(await row.getByText(`${parts[1]?.name}`).isVisible()).toBe(false);
      await row.getByText('+ 2 more parts').click();
      await row.getByText(`${parts[1]?.name}`).waitFor();
      await row.getByText('120 pcs × $6 = $720').waitFor();
      await row.getByText('25 pcs × $14 = $350').waitFor();
      await row.getByText('4 pcs × $95 = $380').waitFor();
      await row.getByText('$1,450').waitFor();
      // Its Quantity counts its parts: 120 + 25 + 4 pieces of three parts are no 149 of anything.
      await row.getByText('3 parts', { exact: true }).waitFor();
      expect(await row.getByText('149 pcs').count()).toBe(0);
      expect(await onScreen(page, row.getByRole('link', { name: 'Pay' }))).toBe(true);
      expect(await onScreen(page, row.getByRole('button', { name: 'Cancel' }))).toBe(true);
      expect(await seriousAccessibilityProblems(page)).toEqual([]);
      await shot(page, `my-order-${size}`);
    }
  });

  it('lists every line on the payment page, is paid, and is bought again into the order builder', async () => {
    const page = await signedIn(`/dashboard/payment/${orderId}`, buyer);
    await page.getByText('Please pay for 3 parts:').waitFor();
    await page.getByText('120 pcs × $6 = $720').waitFor();
    await page.getByText('PO number: PO-2026-0117').waitFor();
    await page.getByText('$1,450').waitFor();
    await fillTestCard(page);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await shot(page, 'payment-desktop');
    await page.getByRole('button', { name: 'Pay' }).click();
    await toast(page, 'Payment Complete. paymentId:').waitFor();

    await page.goto('/dashboard/my-order');
    await page.getByRole('button', { name: `Buy again: ${parts[0]?.name} + 2 more parts` }).click();
    await page.waitForURL('**/order');
    const kept = await page.evaluate(() => window.localStorage.getItem('shop.order-builder'));
    expect(JSON.parse(kept ?? '[]')).toEqual([
      { partsId: parts[0]?._id, quantity: 4 },
      { partsId: parts[1]?._id, quantity: 120 },
      { partsId: parts[2]?._id, quantity: 25 },
    ]);
  });

  it('shows each line on Manage All Order, with the actions in view on a phone', async () => {
    // An unpaid one too, so that Delete shows.
    const again = await api('/api/purchase', {
      method: 'POST',
      token: await tokenOf(buyer),
      body: { partsId: parts[2]?._id, quantity: 5, mobile: '+880 1712 345678', address: 'Gazipur' },
    });
    expect(again.status).toBe(201);
    for (const [viewport, size] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await signedIn('/dashboard/manage-all-order', admin, viewport);
      await page.getByRole('heading', { level: 1, name: 'Manage All Order' }).waitFor();
      const row = page.getByRole('row').filter({ hasText: 'PO-2026-0117' });
      await row.getByText('+ 2 more parts').click();
      await row.getByText('25 pcs × $14 = $350').waitFor();
      await row.getByText('Paid', { exact: true }).waitFor();
      const remove = page.getByRole('button', { name: /^Delete the order of/ }).first();
      expect(await onScreen(page, remove)).toBe(true);
      expect(await seriousAccessibilityProblems(page)).toEqual([]);
      await shot(page, `manage-all-order-${size}`);
    }
  });
});

describe('an admin setting price breaks', () => {
  it('adds a part with two breaks, is told a wrong one as typed, edits one, and the part has them', async () => {
    const page = await signedIn('/dashboard/add-product', admin);
    await page.getByRole('heading', { level: 1, name: 'Add Product' }).waitFor();
    const name = 'Digital Multimeter True RMS 6000';
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Description').fill('Auto-ranging meter with temperature probe.');
    await page.getByLabel('Min Quantity').fill('10');
    await page.getByLabel('Available Quantity').fill('800');
    await page.getByLabel('Price', { exact: true }).fill('15');
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    await page.getByLabel('Image').setInputFiles({ name: 'meter.png', mimeType: 'image/png', buffer: png });
    const add = page.getByRole('button', { name: 'Add price break' });
    await add.click();
    const first = page.getByRole('group', { name: 'Break 1' });
    await first.getByLabel('From quantity').fill('100');
    await first.getByLabel('$ per piece').fill('16');
    await first.getByText('$ per piece must be below price_per_piece (15)').waitFor();
    await first.getByLabel('$ per piece').fill('12');
    await add.click();
    const second = page.getByRole('group', { name: 'Break 2' });
    await second.getByLabel('From quantity').fill('50');
    await second.getByLabel('$ per piece').fill('10');
    await second.getByText("From quantity must be above the previous break's min_quantity (100)").waitFor();
    await second.getByLabel('From quantity').fill('500');
    await expect.poll(() => page.getByText(/^From quantity must|^\$ per piece must/).count()).toBe(0);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await shot(page, 'add-product-desktop');
    await page.setViewportSize(PHONE);
    expect(await onScreen(page, page.getByRole('button', { name: 'Remove break 2' }))).toBe(true);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await shot(page, 'add-product-phone');
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await toast(page, 'Product added successfully').waitFor();

    const found = (await api(`/api/parts?q=${encodeURIComponent(name)}`)).json as unknown as {
      _id: string;
    }[];
    const id = found[0]?._id;
    expect((await api(`/api/partsById?id=${id}`)).json.price_breaks).toEqual([
      { min_quantity: 100, price_per_piece: 12 },
      { min_quantity: 500, price_per_piece: 10 },
    ]);

    await page.goto(`/dashboard/edit-product/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Edit Product' }).waitFor();
    const editedSecond = page.getByRole('group', { name: 'Break 2' });
    await expect.poll(() => editedSecond.getByLabel('From quantity').inputValue()).toBe('500');
    await editedSecond.getByLabel('$ per piece').fill('9');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Product updated').waitFor();
    expect((await api(`/api/partsById?id=${id}`)).json.price_breaks).toEqual([
      { min_quantity: 100, price_per_piece: 12 },
      { min_quantity: 500, price_per_piece: 9 },
    ]);
  });

  it('keeps Edit and Delete in view on Manage Product, at 1280 and on a phone', async () => {
    for (const [viewport, size] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await signedIn('/dashboard/manage-product', admin, viewport);
      await page.getByRole('heading', { level: 1, name: 'Manage Product' }).waitFor();
      const row = page.getByRole('row').nth(1);
      await row.waitFor();
      expect(await onScreen(page, row.getByRole('link', { name: /^Edit / }))).toBe(true);
      expect(await onScreen(page, row.getByRole('button', { name: /^Delete / }))).toBe(true);
      expect(await seriousAccessibilityProblems(page)).toEqual([]);
      await shot(page, `manage-product-${size}`);
    }
  });
});
