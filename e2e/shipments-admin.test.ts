import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestMailServer } from '../apps/server/src/test-support/smtp-server';
import { DESKTOP, PHONE, screenshot, seriousAccessibilityProblems } from './support/browser';
import { journeys } from './support/journeys';
import { freePort } from './support/shop-server';

/*
 * The admin's side of availability: a part set backorderable with a batch on its way, a buyer's
 * order that waits for part of it, the pieces received on the part's page, and the order shipped
 * in two parcels from Manage All Order, each marked delivered.
 */

const admin = { email: 'stock-admin@parts-shop.example', password: 'admin-password-41' };
const buyer = { name: 'Padma Automation', email: 'buyer@padma.example', password: 'buyer-password-41' };

const smtp = await startTestMailServer();
afterAll(() => smtp.close());
const port = await freePort();
const { signedIn, api, tokenOf, payByCard, addPart, signUpVerified } = journeys({
  env: {
    SEED_ADMIN_EMAIL: admin.email,
    SEED_ADMIN_PASSWORD: admin.password,
    SMTP_URL: smtp.url,
    MAIL_RETRY_SECONDS: '1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  },
});

beforeAll(async () => {
  await signUpVerified(buyer, smtp);
});

// The newest such toast: an earlier one may still show.
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).last();

/** The buyer's order of `quantity` pieces, placed and paid with the test card through the API. */
async function paidOrder(partsId: string, quantity: number): Promise<string> {
  const token = await tokenOf(buyer);
  const placed = await api('/api/orders', {
    method: 'POST',
    token,
    body: { lines: [{ partsId, quantity }], mobile: '+880 1711 004141', address: 'Plot 41, Savar EPZ' },
  });
  expect(placed.status, JSON.stringify(placed.json)).toBe(201);
  const orderId = placed.json.insertedId as string;
  await payByCard(orderId, token);
  return orderId;
}

/** The admin sets the part backorderable, with a lead time and one batch of 500 on its way. */
async function planAvailability(page: Page, size: string) {
  const availability = page.getByRole('region', { name: 'Availability' });
  await availability.getByLabel('May be backordered').check();
  await availability.getByLabel('Lead time in days').fill('14');
  await availability.getByRole('button', { name: 'Add batch' }).click();
  await availability.getByLabel('Quantity').fill('500');
  await availability.getByLabel('Expected on').fill('2027-01-15');
  expect(await seriousAccessibilityProblems(page)).toEqual([]);
  await screenshot(page, `availability-form-${size}`);
  await availability.getByRole('button', { name: 'Update availability' }).click();
  await toast(page, 'Availability updated').waitFor();
}

/** Ships a parcel of `quantity` pieces from the order's row; answers the dialog's default. */
async function shipParcel(
  page: Page,
  row: ReturnType<Page['getByRole']>,
  partName: string,
  quantity: number,
  shot?: string,
) {
  await row.getByRole('button', { name: /^Ship a parcel/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Ship a parcel' });
  await dialog.waitFor();
  const pieces = dialog.getByLabel(partName);
  const proposed = await pieces.inputValue();
  await pieces.fill(String(quantity));
  await dialog.getByLabel('Carrier').fill('DHL Express');
  await dialog.getByLabel('Tracking number').fill(`JD0141-${quantity}`);
  if (shot) {
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, shot);
  }
  await dialog.getByRole('button', { name: 'Ship', exact: true }).click();
  await toast(page, 'Parcel shipped').waitFor();
  await dialog.waitFor({ state: 'hidden' });
  return proposed;
}

describe('the admin plans, receives and ships a backorder in parcels', () => {
  it.for([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('at %s width', async ([size, viewport]) => {
    const part = await addPart(await tokenOf(admin), {
      name: `Relay Module 24V (${size})`,
      price: 3,
      available: 300,
      min: 1,
      desc: 'A part for the shipments journey',
    });
    const page = await signedIn(`/dashboard/edit-product/${part._id}`, admin, viewport);
    await planAvailability(page, size);
    const saved = (await api(`/api/partsById?id=${part._id}`)).json;
    expect(saved).toMatchObject({
      backorderable: true,
      leadTimeDays: 14,
      incoming: [{ quantity: 500, expectedAt: '2027-01-15' }],
    });

    // The buyer orders more than is in stock: 300 pieces are allocated, 700 wait.
    const orderId = await paidOrder(part._id, 1000);
    const order = (await api(`/api/purchaseById/${orderId}`, { token: await tokenOf(admin) })).json;
    const number = order.number as string;

    // The overview shows what waits against what comes: the batch will not cover it.
    await page.goto('/dashboard/overview');
    const backorders = page.getByRole('region', { name: /Backorders/ });
    await backorders.getByText(part.name).waitFor();
    await backorders.getByText('700 waiting, 500 incoming: 200 short').waitFor();
    await backorders.getByText('1 short', { exact: true }).waitFor();
    await screenshot(page, `overview-backorders-${size}`);

    // 800 pieces arrive: 700 go to the waiting order, 100 to stock.
    await page.goto(`/dashboard/edit-product/${part._id}`);
    const receive = page.getByRole('region', { name: 'Receive' });
    await receive.getByLabel('Pieces received').fill('800');
    await receive.getByRole('button', { name: 'Receive' }).click();
    await receive.getByText('Received 700 to 1 waiting order, 100 to stock. In stock now: 100.').waitFor();
    // The batch is used up by what came, and the form shows it.
    await page.getByRole('region', { name: 'Availability' }).getByText('No batch is on its way.').waitFor();
    // The product form above follows the stock: its Save does not put back the stock as it was.
    expect(await page.getByLabel('Available Quantity').inputValue()).toBe('100');
    await screenshot(page, `receive-form-${size}`);

    // Manage All Order's working list: the order is ready to ship; it leaves in two parcels.
    await page.goto('/dashboard/manage-all-order?state=ready_to_ship');
    const row = page.getByRole('row').filter({ hasText: number });
    await row.waitFor();
    expect(await shipParcel(page, row, part.name, 600, `ship-parcel-dialog-${size}`)).toBe('1000');
    await row.getByText('Partly shipped').waitFor();
    await row.getByText('400 ready, 600 shipped').waitFor();
    await screenshot(page, `manage-all-order-partly-shipped-${size}`);
    // Still on the working list until the rest leaves.
    expect(await shipParcel(page, row, part.name, 400)).toBe('400');
    await page.getByText('No orders match.').waitFor();

    await page.goto('/dashboard/manage-all-order?state=shipped');
    await row.getByText('Shipped', { exact: true }).first().waitFor();
    const parcels = row.getByRole('list', { name: `Parcels of order ${number} (${part.name}, 1,000 pcs)` });
    expect(await parcels.getByRole('listitem').count()).toBe(2);
    await parcels.getByText('600 × ').waitFor();
    await screenshot(page, `manage-all-order-parcels-${size}`);
    for (const parcel of [1, 2]) {
      await parcels
        .getByRole('button', { name: `Mark delivered: parcel ${parcel} of order ${number}` })
        .click();
      await page.getByRole('heading', { name: 'Are you sure?' }).waitFor();
      await page.getByRole('button', { name: 'Yes' }).click();
      await toast(page, 'Parcel marked delivered').waitFor();
      await page.getByRole('heading', { name: 'Are you sure?' }).waitFor({ state: 'hidden' });
    }
    await row.getByText('Delivered', { exact: true }).first().waitFor();
    await expect.poll(async () => parcels.getByRole('button', { name: /^Mark delivered/ }).count()).toBe(0);
    const delivered = (await api(`/api/purchaseById/${orderId}`, { token: await tokenOf(admin) })).json;
    expect((delivered.fulfilment as { status: string }).status).toBe('delivered');
    await screenshot(page, `manage-all-order-delivered-${size}`);
  });
});
