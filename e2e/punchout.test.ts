import { SESSION_ENDED_MESSAGE } from '@shop/contract/punchout';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProcurementStandIn } from '../apps/server/src/test-support/procurement-stand-in';
import { startTestMailServer } from '../apps/server/src/test-support/smtp-server';
import { PHONE, screenshot, seriousAccessibilityProblems } from './support/browser';
import { journeys } from './support/journeys';
import { freePort } from './support/shop-server';

const admin = { email: 'punchout-admin@parts-shop.example', password: 'admin-password-7' };
const companyAdmin = {
  name: 'Nasrin Haque',
  email: 'procurement@karnaphuli.example',
  password: 'buyer-password-7',
};
const companyName = 'Karnaphuli Assemblies Ltd';
const identity = { domain: 'NetworkID', identity: 'AN01000000071', ociUsername: 'karnaphuli-oci' };
const ourNumber = 'KA-SOLDER-0071';

// A real SMTP server (the company admin verifies their email before making a company), and the
// shop at a known address: the StartPage and the punchout addresses name it.
const smtp = await startTestMailServer();
afterAll(() => smtp.close());
const port = await freePort();
const shopUrl = `http://127.0.0.1:${port}`;
const journey = journeys({
  env: {
    SEED_ADMIN_EMAIL: admin.email,
    SEED_ADMIN_PASSWORD: admin.password,
    SMTP_URL: smtp.url,
    MAIL_RETRY_SECONDS: '1',
    PORT: String(port),
    PUBLIC_URL: shopUrl,
  },
  // A company without a punchout identity yet is answered 404, an ended session's token 401: both
  // on purpose below.
  expectedProblems: /status of (401|404) .*\/punchout\)$/,
});
const { signedIn, open, api, tokenOf, addPart, signUpVerified } = journey;
// The company's procurement system, on this machine.
const procurement = await startProcurementStandIn();
afterAll(() => procurement.close());

let part: { _id: string; name: string };
let secret = '';

beforeAll(async () => {
  await signUpVerified(companyAdmin, smtp);
  const token = await tokenOf(companyAdmin);
  const company = await api('/api/companies', { method: 'POST', token, body: { name: companyName } });
  expect(company.status).toBe(201);
  part = await addPart(await tokenOf(admin), {
    name: 'Soldering Tip Chisel 2.4 mm',
    price: 40,
    available: 500,
    min: 1,
    desc: 'A part for the punchout journey',
  });
  // The company buys it at a contract price, under its own number for it.
  const prices = await api(`/api/companies/${company.json.insertedId}/prices`, {
    method: 'PUT',
    token: await tokenOf(admin),
    body: { items: [{ partsId: part._id, unitPrice: 32 }] },
  });
  expect(prices.status).toBe(200);
  const numbers = await api('/api/customer-part-numbers', {
    method: 'PUT',
    token,
    body: { items: [{ partsId: part._id, customerPartNumber: ourNumber }] },
  });
  expect(numbers.status).toBe(200);
});

/** The next cart a browser posted to the procurement system. */
const nextCart = () => procurement.received();

const credentials = () => ({ domain: identity.domain, identity: identity.identity, secret });
const banner = (page: Page) => page.getByTestId('punchout-banner');

/** In a punchout window: the part's page, Add to order, then the order's Transfer to procurement. */
async function orderAndTransfer(page: Page, pieces: number, shot?: string): Promise<void> {
  await page.goto(`/parts/${part._id}`);
  // The company's contract price, read with the punchout session's token.
  await expect.poll(() => page.getByTestId('unit-price').textContent()).toBe('$32');
  await page.getByLabel('Quantity (pcs)').fill(String(pieces));
  await page.getByRole('button', { name: 'Add to order' }).click();
  await banner(page).getByRole('link', { name: 'Order and transfer to procurement' }).click();
  await page.getByRole('heading', { level: 1, name: 'Order' }).waitFor();
  expect(await page.getByRole('button', { name: 'Place order' }).count()).toBe(0);
  if (shot) {
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, shot);
  }
  await page.getByRole('button', { name: 'Transfer to procurement' }).click();
  await page.getByRole('heading', { name: /Cart received: 1 lines/ }).waitFor();
}

describe('punchout from a procurement system', () => {
  it('a company admin connects the procurement system and copies the shared secret once', async () => {
    const page = await signedIn('/dashboard/punchout', companyAdmin);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('heading', { level: 1, name: 'Punchout' }).waitFor();
    await page.getByLabel('Domain').fill(identity.domain);
    await page.getByLabel('Identity').fill(identity.identity);
    await page.getByLabel('OCI user').fill(identity.ociUsername);
    await expect.poll(() => page.getByLabel('Buyer').inputValue()).toBe(companyAdmin.email);
    await page.getByRole('button', { name: 'Save' }).click();
    const shown = page.getByRole('alert').filter({ hasText: 'Your new shared secret' });
    secret = (await shown.getByTestId('punchout-secret').textContent()) ?? '';
    expect(secret.length).toBeGreaterThan(16);
    await shown.getByRole('button', { name: 'Copy secret' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.getByText(`${shopUrl}/api/punchout/cxml/setup`).waitFor();
    await page.getByText(`${shopUrl}/api/punchout/oci`).waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'punchout-settings-1280');

    // Shown once: read again, the page has the identity, not the secret.
    await shown.getByRole('button', { name: 'I have kept it' }).click();
    await page.reload();
    await expect.poll(() => page.getByLabel('Identity').inputValue()).toBe(identity.identity);
    await page.getByLabel('Make a new shared secret').waitFor();
    expect(await page.content()).not.toContain(secret);
  });

  it('cXML: the StartPage opens the shop, the cart goes back priced, and the purchase order becomes an order', async () => {
    const startPage = await procurement.setup(shopUrl, credentials());
    const page = await open(startPage);
    await page.waitForURL(`${shopUrl}/catalog`);
    await banner(page).getByText(`Punchout for ${companyName} · ${companyAdmin.name}`).waitFor();
    expect(page.url()).not.toContain('po_');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: /^(Login|Dashboard)$/ }).count()).toBe(0);
    await screenshot(page, 'punchout-catalog-1280');

    await orderAndTransfer(page, 25, 'punchout-order-1280');
    const cart = await nextCart();
    expect(cart.kind).toBe('cxml');
    expect(cart.items).toMatchObject([{ quantity: 25, unitPrice: 32, buyerPartId: ourNumber }]);

    const placed = await procurement.orderRequest(shopUrl, credentials(), cart.items, { orderId: 'PO-4471' });
    expect(placed.status, placed.message).toBe(200);
    expect(placed.message).toMatch(/^Order SO-\d+ placed$/);
    const number = /SO-\d+/.exec(placed.message)?.[0] ?? '';
    const orders = await signedIn('/dashboard/company', companyAdmin);
    await orders
      .getByRole('region', { name: 'All orders' })
      .getByRole('row')
      .filter({ hasText: number })
      .getByText(part.name)
      .waitFor();
  });

  it('OCI: the link opens the shop, and the cart goes back as NEW_ITEM fields', async () => {
    const page = await open(
      procurement.ociLink(shopUrl, { username: identity.ociUsername, password: secret }),
    );
    await page.waitForURL(`${shopUrl}/catalog`);
    await banner(page).getByText(`Punchout for ${companyName}`).waitFor();
    await orderAndTransfer(page, 3);
    const cart = await nextCart();
    expect(cart.kind).toBe('oci');
    expect(cart.items).toMatchObject([{ quantity: 3, unitPrice: 32 }]);
    expect(cart.fields['NEW_ITEM-DESCRIPTION[1]']).toContain(part.name);

    // The session ended with its transfer: the window, opened on it again, says so.
    const again = await open('/punchout#token=po_ended0000000000000000');
    await again.getByText(SESSION_ENDED_MESSAGE).waitFor();
    expect(again.url()).toBe(`${shopUrl}/punchout`);
    expect(await seriousAccessibilityProblems(again)).toEqual([]);
    await screenshot(again, 'punchout-ended-1280');
  });

  it('reads well on a phone', async () => {
    const settings = await signedIn('/dashboard/punchout', companyAdmin, PHONE);
    await settings.getByLabel('Make a new shared secret').check();
    await settings.getByRole('button', { name: 'Save' }).click();
    const shown = settings.getByRole('alert').filter({ hasText: 'Your new shared secret' });
    secret = (await shown.getByTestId('punchout-secret').textContent()) ?? '';
    expect(await settings.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    expect(await seriousAccessibilityProblems(settings)).toEqual([]);
    await screenshot(settings, 'punchout-settings-375');

    const startPage = await procurement.setup(shopUrl, credentials());
    const page = await open(startPage, PHONE);
    await page.waitForURL(`${shopUrl}/catalog`);
    await banner(page).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await orderAndTransfer(page, 2, 'punchout-order-375');
    expect((await nextCart()).items).toMatchObject([{ quantity: 2, unitPrice: 32 }]);

    const ended = await open('/punchout#token=po_ended0000000000000000', PHONE);
    await ended.getByText(SESSION_ENDED_MESSAGE).waitFor();
    expect(await ended.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(ended, 'punchout-ended-375');
  });
});
