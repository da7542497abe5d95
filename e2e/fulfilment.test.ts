import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, mailTo } from '../apps/server/src/test-support/account-mails';
import { startTestMailServer } from '../apps/server/src/test-support/smtp-server';
import { PHONE, screenshot, seriousAccessibilityProblems } from './support/browser';
import { journeys } from './support/journeys';
import { freePort } from './support/shop-server';

const admin = { email: 'shipping-admin@parts-shop.example', password: 'admin-password-7' };
const buyer = { name: 'Meghna Controls', email: 'buyer@meghna.example', password: 'buyer-password-7' };
const shipment = { carrier: 'DHL Express', trackingNumber: 'JD014600006281430613' };

// A real SMTP server the shop mails through; the shop's public address is where its mails link.
const smtp = await startTestMailServer();
afterAll(() => smtp.close());
const port = await freePort();
const journey = journeys({
  env: {
    SEED_ADMIN_EMAIL: admin.email,
    SEED_ADMIN_PASSWORD: admin.password,
    SMTP_URL: smtp.url,
    MAIL_RETRY_SECONDS: '1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  },
});
const { signedIn, api, tokenOf, addPart } = journey;
let part: { _id: string; name: string };
let orderId = '';

beforeAll(async () => {
  expect((await api('/api/auth/signup', { method: 'POST', body: buyer })).status).toBe(201);
  // A verified buyer: the shop mails only verified addresses (the shipment mail read below).
  const verified = await api('/api/auth/verify-email', {
    method: 'POST',
    token: await tokenOf(buyer),
    body: { token: linkIn((await mailTo(smtp, buyer.email, 'Verify your email')).text).token },
  });
  expect(verified.status).toBe(200);
  part = await addPart(await tokenOf(admin), {
    name: 'Bench Power Supply 30V 5A',
    price: 85,
    available: 200,
    min: 2,
    desc: 'A part for the fulfilment journey',
  });
  // A paid order: placed and paid with the test card through the API.
  const token = await tokenOf(buyer);
  const placed = await api('/api/purchase', {
    method: 'POST',
    token,
    body: { partsId: part._id, quantity: 4, mobile: '+880 1712 345678', address: 'Plot 9, Tejgaon, Dhaka' },
  });
  expect(placed.status).toBe(201);
  orderId = placed.json.insertedId as string;
  const intent = await api('/api/create-payment-intent', { method: 'POST', token, body: { _id: orderId } });
  const paid = await api('/api/payments/test/confirm', {
    method: 'POST',
    token,
    body: {
      clientSecret: intent.json.clientSecret,
      card: { number: '4242424242424242', exp: '12/34', cvc: '123' },
    },
  });
  expect(paid.status).toBe(200);
});

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
const orderRow = (page: Page) => page.getByRole('row').filter({ hasText: part.name });

describe('an order from paid to delivered', () => {
  it('the admin finds it waiting on the overview and marks it shipped with its carrier and tracking number', async () => {
    const page = await signedIn('/dashboard/overview', admin);
    const toShip = page.getByRole('region', { name: 'To ship' });
    await toShip
      .getByText(
        /^1 order is paid and waiting to ship\. The oldest has waited since .+ \((?:less than a minute|\d+ minutes?)\)\.$/,
      )
      .waitFor();
    await toShip.getByRole('link', { name: 'See orders to ship' }).click();
    await page.waitForURL(/\/dashboard\/manage-all-order\?state=to_ship$/);
    expect(await page.getByLabel('State').inputValue()).toBe('to_ship');
    await orderRow(page).getByText('Not shipped').waitFor();

    await orderRow(page)
      .getByRole('button', { name: /^Mark shipped/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Mark shipped' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await dialog.getByText('Carrier is required').waitFor();
    await dialog.getByText('Tracking number is required').waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await dialog.getByLabel('Carrier').fill(shipment.carrier);
    await dialog.getByLabel('Tracking number').fill(shipment.trackingNumber);
    await screenshot(page, 'fulfilment-mark-shipped-desktop');
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await toast(page, 'Order marked shipped').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // Shipped, it waits no more: the "to ship" list is empty; every order shows it shipped.
    await page.getByText('No orders match.').waitFor();
    await page.getByLabel('State').selectOption('');
    await page.waitForURL(/\/dashboard\/manage-all-order$/);
    await orderRow(page).getByText('Shipped', { exact: true }).waitFor();
    await orderRow(page).getByText(shipment.trackingNumber).waitFor();
    expect(
      await orderRow(page)
        .getByRole('button', { name: /^Mark shipped/ })
        .count(),
    ).toBe(0);
  });

  it('the buyer gets the mail and sees the shipment on My Order', async () => {
    const mail = await mailTo(smtp, buyer.email, 'Your order SO-');
    expect(mail.subject).toMatch(/^Your order SO-\d{6} has shipped: /);
    expect(mail.subject?.endsWith(`: ${part.name}`)).toBe(true);
    expect(mail.text).toContain(`Carrier:         ${shipment.carrier}`);
    expect(mail.text).toContain(`Tracking number: ${shipment.trackingNumber}`);
    const link = /(http:\/\/\S+\/dashboard\/my-order)/.exec(mail.text ?? '')?.[1] ?? '';
    expect(link).toBe(`http://127.0.0.1:${port}/dashboard/my-order`);

    const page = await signedIn(new URL(link).pathname, buyer);
    // The reader is in Dhaka (UTC+6): the moments show in their zone once the app has the page.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'Asia/Dhaka' });
    await page.reload();
    const progress = orderRow(page).getByRole('list', { name: 'Order progress' });
    await progress.getByText('Shipped', { exact: true }).waitFor();
    await progress.getByText(`Tracking number ${shipment.trackingNumber}`).waitFor();
    await progress.getByText(shipment.carrier).waitFor();
    await progress.getByText('Not delivered yet').waitFor();
    const order = (await api(`/api/purchaseById/${orderId}`, { token: await tokenOf(buyer) })).json;
    const shippedAt = (order.fulfilment as { shippedAt: string }).shippedAt;
    const inDhaka = new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Dhaka',
    }).format(new Date(shippedAt));
    await progress
      .locator(`time[datetime="${shippedAt}"]`)
      .filter({ hasText: new RegExp(`^${inDhaka}$`) })
      .waitFor();
    expect(await progress.locator('time').count()).toBe(3);
    await screenshot(page, 'fulfilment-my-order-shipped-desktop');
    // Shipped, it offers no Cancel.
    expect(await orderRow(page).getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
  });

  it('the admin marks it delivered after "Are you sure?"', async () => {
    const page = await signedIn('/dashboard/manage-all-order', admin);
    const deliver = orderRow(page).getByRole('button', { name: /^Mark delivered/ });
    await deliver.click();
    await page.getByRole('heading', { name: 'Are you sure?' }).waitFor();
    await page.getByRole('button', { name: 'no' }).click();
    await page.getByRole('heading', { name: 'Are you sure?' }).waitFor({ state: 'hidden' });
    expect(
      (
        (await api(`/api/purchaseById/${orderId}`, { token: await tokenOf(admin) })).json.fulfilment as {
          status: string;
        }
      ).status,
    ).toBe('shipped');
    await deliver.click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await toast(page, 'Order marked delivered').waitFor();
    await orderRow(page).getByText('Delivered', { exact: true }).waitFor();
    expect(
      await orderRow(page)
        .getByRole('button', { name: /^Mark delivered/ })
        .count(),
    ).toBe(0);
    await screenshot(page, 'fulfilment-manage-all-order-delivered-desktop');
  });

  it('the buyer, on a phone, sees it delivered', async () => {
    const page = await signedIn('/dashboard/my-order', buyer, PHONE);
    const progress = orderRow(page).getByRole('list', { name: 'Order progress' });
    await progress.getByText('Delivered', { exact: true }).waitFor();
    await progress.getByText(`Tracking number ${shipment.trackingNumber}`).waitFor();
    expect(await progress.locator('time').count()).toBe(4);
    await screenshot(page, 'fulfilment-my-order-delivered-phone');
  });
});
