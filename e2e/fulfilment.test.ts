import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTo } from '../apps/server/src/test-support/account-mails';
import { startTestMailServer } from '../apps/server/src/test-support/smtp-server';
import { DESKTOP, PHONE, screenshot, seriousAccessibilityProblems } from './support/browser';
import { journeys } from './support/journeys';
import { freePort } from './support/shop-server';

const admin = { email: 'shipping-admin@parts-shop.example', password: 'admin-password-7' };
const buyer = { name: 'Meghna Controls', email: 'buyer@meghna.example', password: 'buyer-password-7' };
const shipment = { carrier: 'DHL Express', trackingNumber: 'JD014600006281430613' };
const companyName = 'Meghna Controls Ltd';

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
const { signedIn, api, tokenOf, payByCard, addPart, signUpVerified } = journey;
let part: { _id: string; name: string };
let orderId = '';

beforeAll(async () => {
  // A verified buyer: the shop mails only verified addresses (the shipment mail read below).
  await signUpVerified(buyer, smtp);
  part = await addPart(await tokenOf(admin), {
    name: 'Bench Power Supply 30V 5A',
    price: 85,
    available: 200,
    min: 2,
    desc: 'A part for the fulfilment journey',
  });
  // The buyer buys for their company: its name says where the parcel goes.
  const token = await tokenOf(buyer);
  const company = await api('/api/companies', { method: 'POST', token, body: { name: companyName } });
  expect(company.status).toBe(201);
  // A paid order: placed and paid with the test card through the API.
  const placed = await api('/api/purchase', {
    method: 'POST',
    token,
    body: { partsId: part._id, quantity: 4, mobile: '+880 1712 345678', address: 'Plot 9, Tejgaon, Dhaka' },
  });
  expect(placed.status).toBe(201);
  orderId = placed.json.insertedId as string;
  await payByCard(orderId, token);
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
    // Before anything is confirmed: where it goes and what goes in the parcel.
    expect(await dialog.getByRole('region', { name: 'Ship to' }).locator('address').innerText()).toBe(
      [buyer.name, companyName, 'Plot 9, Tejgaon, Dhaka', 'Mobile +880 1712 345678'].join('\n'),
    );
    expect(await dialog.getByRole('region', { name: 'Parts' }).getByRole('listitem').innerText()).toMatch(
      new RegExp(`^${part.name}\\s+4 pcs$`),
    );
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

describe('Manage All Order by state, where each order goes, and Activity in words', () => {
  const address = 'Plot 9, Tejgaon I/A\nDhaka 1208';
  const mobile = '+880 1712 345678';
  const numbers = { toPay: '', twoLines: '', delivered: '' };
  let tips = '';
  let station = '';

  beforeAll(async () => {
    const adminToken = await tokenOf(admin);
    const desc = 'A part for the fulfilment journey';
    const tipSet = await addPart(adminToken, {
      name: 'Soldering Tip Set T12',
      price: 3,
      available: 500,
      min: 5,
      desc,
    });
    const hotAir = await addPart(adminToken, {
      name: 'Hot Air Station 858D',
      price: 60,
      available: 50,
      min: 1,
      desc,
    });
    tips = tipSet.name;
    station = hotAir.name;
    const token = await tokenOf(buyer);
    const toPay = await api('/api/purchase', {
      method: 'POST',
      token,
      body: { partsId: tipSet._id, quantity: 5, mobile, address },
    });
    expect(toPay.status).toBe(201);
    const twoLines = await api('/api/orders', {
      method: 'POST',
      token,
      body: {
        lines: [
          { partsId: hotAir._id, quantity: 2 },
          { partsId: tipSet._id, quantity: 10 },
        ],
        mobile,
        address,
      },
    });
    expect(twoLines.status).toBe(201);
    const twoLinesId = twoLines.json.insertedId as string;
    const intent = await api('/api/create-payment-intent', {
      method: 'POST',
      token,
      body: { _id: twoLinesId },
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
    const numberOf = async (id: string) =>
      (await api(`/api/purchaseById/${id}`, { token: adminToken })).json.number as string;
    numbers.toPay = await numberOf(toPay.json.insertedId as string);
    numbers.twoLines = await numberOf(twoLinesId);
    numbers.delivered = await numberOf(orderId);
  });

  /** The table's rows of orders (its heading row left out). */
  const orderRows = (page: Page) => page.getByRole('row').filter({ hasText: /SO-\d{6}/ });
  const rowOf = (page: Page, number: string) => page.getByRole('row').filter({ hasText: number });
  const shipTo = [buyer.name, companyName, 'Plot 9, Tejgaon I/A', 'Dhaka 1208', `Mobile ${mobile}`];

  /** The Mark shipped dialog of the two-line order shows where it goes and both its lines. */
  async function seeShipDialog(page: Page) {
    await rowOf(page, numbers.twoLines)
      .getByRole('button', { name: /^Mark shipped/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Mark shipped' });
    await dialog.waitFor();
    await dialog.getByText(`Order ${numbers.twoLines}.`).waitFor();
    expect(await dialog.getByRole('region', { name: 'Ship to' }).locator('address').innerText()).toBe(
      shipTo.join('\n'),
    );
    const lines = (
      await dialog.getByRole('region', { name: 'Parts' }).getByRole('listitem').allInnerTexts()
    ).map((line) => line.replace(/\s+/g, ' '));
    expect(lines).toEqual([`${station} 2 pcs`, `${tips} 10 pcs`]);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    return dialog;
  }

  it('the admin filters by To pay, To ship, Shipped and To approve, each row saying where it goes (1280 px)', async () => {
    const page = await signedIn('/dashboard/manage-all-order', admin);
    await page.getByLabel('State').selectOption({ label: 'To pay' });
    await page.waitForURL(/\?state=to_pay$/);
    await rowOf(page, numbers.toPay).waitFor();
    // The list before the filter shows until the filtered one comes.
    await expect.poll(() => orderRows(page).count()).toBe(1);
    const where = (await rowOf(page, numbers.toPay).innerText()).replace(/\s+/g, ' ');
    expect(where).toContain(
      `${buyer.name} ${buyer.email} ${companyName} Plot 9, Tejgaon I/A Dhaka 1208 Mobile ${mobile}`,
    );
    await screenshot(page, 'manage-all-order-to-pay-desktop');

    await page.getByLabel('State').selectOption({ label: 'To ship' });
    await page.waitForURL(/\?state=to_ship$/);
    await rowOf(page, numbers.twoLines).waitFor();
    await expect.poll(() => orderRows(page).count()).toBe(1);
    const dialog = await seeShipDialog(page);
    await screenshot(page, 'fulfilment-ship-dialog-desktop');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByLabel('State').selectOption({ label: 'Shipped' });
    await page.waitForURL(/\?state=shipped$/);
    await rowOf(page, numbers.delivered).getByText('Delivered', { exact: true }).waitFor();
    await expect.poll(() => orderRows(page).count()).toBe(1);
    await page.getByLabel('State').selectOption({ label: 'To approve' });
    await page.waitForURL(/\?state=to_approve$/);
    await page.getByText('No orders match.').waitFor();
  });

  it('on a phone (375 px) the admin sees where it goes and its lines, and ships it', async () => {
    const page = await signedIn('/dashboard/manage-all-order?state=to_ship', admin, PHONE);
    expect(await page.getByLabel('State').inputValue()).toBe('to_ship');
    await rowOf(page, numbers.twoLines).getByText('Dhaka 1208').waitFor();
    await screenshot(page, 'manage-all-order-to-ship-phone');
    const dialog = await seeShipDialog(page);
    await screenshot(page, 'fulfilment-ship-dialog-phone');
    await dialog.getByLabel('Carrier').fill('FedEx');
    await dialog.getByLabel('Tracking number').fill('FX-778104');
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await toast(page, 'Order marked shipped').waitFor();
    await page.getByText('No orders match.').waitFor();
  });

  it.for([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    'Activity reads in words: who, what and which order, part or company (%s)',
    async ([size, viewport]) => {
      const page = await signedIn('/dashboard/activity', admin, viewport);
      const log = page.getByRole('main');
      await log.getByText(numbers.twoLines).first().waitFor();
      const text = await log.innerText();
      expect(text).not.toMatch(/\[object|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/i);
      const row = (what: string, about: string) =>
        page.getByRole('row').filter({ hasText: what }).filter({ hasText: about });
      // Who (the admin's name and email), what, and which order, with what changed.
      const shipped = row('Order shipped', numbers.twoLines);
      for (const words of ['shipping-admin', admin.email, 'FedEx', 'FX-778104'])
        await shipped.getByText(words).first().waitFor();
      await row('Order paid', numbers.twoLines).getByText(buyer.name).waitFor();
      await row('Part added', station).waitFor();
      await row('Company created', companyName).getByText(buyer.email).waitFor();
      await row('Order delivered', numbers.delivered).waitFor();
      expect(await seriousAccessibilityProblems(page)).toEqual([]);
      await screenshot(page, `activity-in-words-${size}`);
    },
  );
});
