import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestMailServer } from '../apps/server/src/test-support/smtp-server';
import { DESKTOP, PHONE, screenshot, seriousAccessibilityProblems } from './support/browser';
import { fillTestCard, journeys } from './support/journeys';

/**
 * A part the shop may backorder: the buyer reads what ships now and when the rest comes, orders
 * more than the stock (shipped as available), pays, and follows the two shipments on My Order as
 * the shop ships what it has, receives the rest and ships that.
 */
const admin = { email: 'backorders-admin@parts-shop.example', password: 'admin-password-41' };

const smtp = await startTestMailServer();
afterAll(() => smtp.close());
const journey = journeys({
  env: {
    SEED_ADMIN_EMAIL: admin.email,
    SEED_ADMIN_PASSWORD: admin.password,
    SMTP_URL: smtp.url,
    MAIL_RETRY_SECONDS: '1',
  },
});
const { api, tokenOf, payByCard, addPart, signedIn, signUpVerified } = journey;

/** A day `days` from today (UTC), as the API takes it and as the shop writes it ("12 Jan 2027"). */
function dayFromToday(days: number): { day: string; written: string } {
  const at = new Date(Date.now() + days * 86_400_000);
  const written = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(at);
  return { day: at.toISOString().slice(0, 10), written };
}

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('a backordered part, on a %s', (width, viewport) => {
  it('ships what is in stock now and the rest when it comes in, each shipment on My Order', async () => {
    const buyer = {
      name: `Padma Assemblies ${width}`,
      email: `buyer-${width}@padma.example`,
      password: 'buyer-password-41',
    };
    await signUpVerified(buyer, smtp);
    const adminToken = await tokenOf(admin);
    const part = await addPart(adminToken, {
      name: `Thermal Pad 100 mm (${width})`,
      price: 2,
      available: 600,
      min: 100,
      desc: 'A part for the backorder journey',
    });
    const batch = dayFromToday(45);
    const incoming = await api(`/api/parts/${part._id}/incoming`, {
      method: 'PUT',
      token: adminToken,
      body: { batches: [{ quantity: 1400, expectedAt: batch.day }], backorderable: true },
    });
    expect(incoming.status).toBe(200);

    // The product page says what 2,000 pieces do: 600 now, the rest with the batch.
    const page = await signedIn(`/parts/${part._id}`, buyer, viewport);
    await page.getByLabel('Quantity (pcs)').fill('2000');
    const plan = `600 ship now · 1,400 expected ${batch.written}`;
    await page.getByTestId('ship-plan').getByText(plan).waitFor();
    await screenshot(page, `backorders-product-page-${width}`);
    await page.getByRole('button', { name: 'Add to order' }).click();
    await toast(page, 'Added to your order').waitFor();

    // The builder's line says it too, and checkout asks how to ship: as available by default.
    await page.getByRole('link', { name: 'See your order' }).click();
    await page.getByRole('heading', { level: 1, name: 'Order' }).waitFor();
    await page.getByRole('row').filter({ hasText: part.name }).getByText(plan).waitFor();
    const shipping = page.getByRole('group', { name: 'Shipping' });
    expect(await shipping.getByLabel('Ship as available').isChecked()).toBe(true);
    expect(await shipping.getByLabel('Ship complete').isChecked()).toBe(false);
    await page.getByLabel('Mobile').fill('+880 1711 405060');
    await page.getByLabel('New address').fill('Plot 12, Savar EPZ\nDhaka 1349');
    await screenshot(page, `backorders-checkout-${width}`);
    await page.getByRole('button', { name: 'Place order' }).click();
    await toast(page, 'Order placed. Please pay for confirm order').waitFor();

    const buyerToken = await tokenOf(buyer);
    const mine = await api(`/api/purchaseByEmail?email=${encodeURIComponent(buyer.email)}`, {
      token: buyerToken,
    });
    const [order] = mine.json as unknown as { _id: string; shipComplete: boolean }[];
    expect(order?.shipComplete).toBe(false);
    const orderId = order?._id ?? '';

    // Paid with the test card, it shows the pieces set aside and those waiting, with their day.
    const row = page.getByRole('row').filter({ hasText: part.name });
    await row.getByRole('link', { name: 'Pay' }).click();
    await fillTestCard(page);
    await page.getByRole('button', { name: 'Pay' }).click();
    await toast(page, /^Payment Complete\. paymentId: pi_test_\w+$/).waitFor();
    await page.getByRole('link', { name: 'Back to My Order' }).click();
    await row.getByText('Paid', { exact: true }).waitFor();
    // (The progress shows in one place at each width: found by role, the copy kept hidden is not.)
    const pieces = row.getByRole('list', { name: /^Pieces of order SO-\d{6}$/ });
    await pieces.getByText(`600 allocated · 1,400 waiting, expected ${batch.written}`).waitFor();
    await row.getByRole('button', { name: /^Drop waiting pieces of / }).waitFor();
    await screenshot(page, `backorders-my-order-waiting-${width}`);

    // The shop ships the 600, receives the 1,400 (they go to this order) and ships them.
    const ship = (quantity: number, trackingNumber: string) =>
      api(`/api/purchaseById/${orderId}/shipments`, {
        method: 'POST',
        token: adminToken,
        body: { lines: [{ partsId: part._id, quantity }], carrier: 'DHL Express', trackingNumber },
      });
    expect((await ship(600, `JD0146${width}01`)).status).toBe(201);
    const received = await api(`/api/parts/${part._id}/receive`, {
      method: 'POST',
      token: adminToken,
      body: { quantity: 1400 },
    });
    expect(received.status).toBe(200);
    expect(received.json.allocated).toEqual([{ orderId, quantity: 1400 }]);
    expect((await ship(1400, `JD0146${width}02`)).status).toBe(201);

    await page.reload();
    const shipments = row.getByRole('list', { name: /^Shipments of order SO-\d{6}$/ });
    await shipments.getByTestId('shipment').nth(1).waitFor();
    expect(await shipments.getByTestId('shipment').count()).toBe(2);
    for (const [index, pieces] of [
      [0, '600 pcs'],
      [1, '1,400 pcs'],
    ] as const) {
      const parcel = shipments.getByTestId('shipment').nth(index);
      await parcel.getByText(`Shipment ${index + 1}: on its way`).waitFor();
      await parcel.getByText(`Tracking number JD0146${width}0${index + 1}`).waitFor();
      await parcel.getByText(`${pieces} ${part.name}`).waitFor();
    }
    await pieces.getByText('2,000 shipped', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /^Drop waiting pieces/ }).count()).toBe(0);
    await screenshot(page, `backorders-my-order-${width}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
  });
});

describe('waiting pieces the buyer no longer wants', () => {
  it('are dropped from a paid order after "Are you sure?", and the refund due shows', async () => {
    const buyer = { name: 'Titas Electric', email: 'buyer@titas.example', password: 'buyer-password-42' };
    await signUpVerified(buyer, smtp);
    const adminToken = await tokenOf(admin);
    const part = await addPart(adminToken, {
      name: 'Ferrite Bead Kit',
      price: 3,
      available: 40,
      min: 10,
      desc: 'A part for the backorder journey',
    });
    const settings = { batches: [], backorderable: true, leadTimeDays: null };
    expect(
      (await api(`/api/parts/${part._id}/incoming`, { method: 'PUT', token: adminToken, body: settings }))
        .status,
    ).toBe(200);
    // 100 ordered and paid through the API: 40 from stock, 60 waiting with no day known.
    const token = await tokenOf(buyer);
    const placed = await api('/api/orders', {
      method: 'POST',
      token,
      body: {
        lines: [{ partsId: part._id, quantity: 100 }],
        mobile: '+880 1711 405061',
        address: 'Comilla EPZ',
      },
    });
    expect(placed.status).toBe(201);
    const orderId = placed.json.insertedId as string;
    const number = (await api(`/api/purchaseById/${orderId}`, { token })).json.number as string;
    await payByCard(orderId, token);

    const page = await signedIn('/dashboard/my-order', buyer);
    const row = page.getByRole('row').filter({ hasText: part.name });
    const pieces = row.getByRole('list', { name: /^Pieces of order SO-\d{6}$/ });
    await pieces.getByText('40 allocated · 60 waiting (date not yet known)').waitFor();
    await row.getByRole('button', { name: `Drop waiting pieces of ${part.name} on order ${number}` }).click();
    await page.getByRole('heading', { name: 'Are you sure?' }).waitFor();
    await page
      .getByText(
        `Drop the 60 pcs of ${part.name} still waiting on order ${number}. Their price is refunded to you.`,
      )
      .waitFor();
    await page.getByRole('button', { name: 'Yes' }).click();
    await toast(page, 'Waiting pieces dropped').waitFor();
    await pieces.getByText('40 allocated · 60 dropped').waitFor();
    await row
      .getByRole('list', { name: /^Money owed back on order/ })
      .getByText('Refund due $180')
      .waitFor();
    expect(await row.getByRole('button', { name: /^Drop waiting pieces/ }).count()).toBe(0);
    await screenshot(page, 'backorders-my-order-dropped-desktop');
  });
});
