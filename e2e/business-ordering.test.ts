import { MAX_ADDRESSES, TOO_MANY_ADDRESSES_MESSAGE } from '@shop/contract/addresses';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfText, squeezed } from '../apps/server/src/test-support/pdf-text';
import { appRunning, PHONE, screenshot, seriousAccessibilityProblems } from './support/browser';
import { fillTestCard, journeys } from './support/journeys';

/**
 * The whole journey of a business buyer: sign up, find parts on the catalog, build an order of
 * several lines (product page, the builder's search row, a pasted quick order), place it with a PO
 * number and a saved address, pay it, read its invoice, keep it as a list and order the list again.
 */
const admin = { email: 'business-admin@parts-shop.example', password: 'admin-password-6' };
const buyer = {
  name: 'Karnaphuli Repair Works',
  email: 'purchasing@karnaphuli-repair.example',
  password: 'buyer-password-6',
};
const address = 'Shed 7, Kalurghat Heavy Industrial Area\nChattogram 4208';
const addressLabel = 'Shed 7, Kalurghat Heavy Industrial Area';
const poNumber = 'PO-2026-0306';

const journey = journeys({
  env: { SEED_ADMIN_EMAIL: admin.email, SEED_ADMIN_PASSWORD: admin.password },
  // The 21st address is refused on purpose.
  expectedProblems: /status of 422/,
});
const { api, tokenOf, signedIn } = journey;

type AddedPart = Awaited<ReturnType<typeof journey.addPart>>;
let probe: AddedPart;
let solder: AddedPart;
let tubing: AddedPart;
let tape: AddedPart;

beforeAll(async () => {
  const token = await tokenOf(admin);
  const desc = 'A part for the business ordering journey';
  // Added after the demo catalog: beyond the storefront's first 6.
  probe = await journey.addPart(token, {
    name: 'Oscilloscope Probe Kit 100 MHz',
    price: 30,
    available: 500,
    min: 2,
    desc,
    priceBreaks: [{ min_quantity: 10, price_per_piece: 25 }],
  });
  solder = await journey.addPart(token, {
    name: 'Solder Wire 63/37 0.8 mm',
    price: 12,
    available: 500,
    min: 5,
    desc,
  });
  tubing = await journey.addPart(token, {
    name: 'Heat Shrink Tubing Assortment',
    price: 8,
    available: 500,
    min: 10,
    desc,
  });
  tape = await journey.addPart(token, {
    name: 'Kapton Tape 20 mm',
    price: 4,
    available: 500,
    min: 10,
    desc,
    priceBreaks: [{ min_quantity: 50, price_per_piece: 3 }],
  });
});

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const addressesCard = (page: Page) => page.getByRole('region', { name: 'Delivery addresses' });

/** A screenshot (of the whole page, or cut to `target`) kept as a test artifact and under /tmp. */
async function shot(page: Page, name: string, target?: Locator) {
  await screenshot(page, `h6-${name}`);
  // Cut from the whole page seen from its top: scrolled, the sticky navbar would cover the target.
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await target?.boundingBox();
  await page.screenshot({ path: `/tmp/h6-${name}.png`, fullPage: true, ...(box ? { clip: box } : {}) });
}

async function addBySearch(page: Page, search: string, name: string, pieces: number) {
  await page.getByLabel('Find a part').fill(search);
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await page.getByLabel('Pieces').fill(String(pieces));
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByLabel(`Quantity of ${name}`).waitFor();
}

/** The bytes of the file the button downloads. */
async function download(page: Page, name: string | RegExp): Promise<Buffer> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name }).click(),
  ]);
  return Buffer.concat(await (await file.createReadStream()).toArray());
}

describe('a business buyer ordering many parts', () => {
  it('signs up, builds an order of 4 lines, places, pays, saves it as a list and orders the list again', async () => {
    const page = await journey.open('/signup');
    await journey.signUp(page, buyer);

    // A part past the first 6, found by search on the catalog; added from its own page.
    await page.goto('/parts');
    await page.getByRole('article').first().waitFor();
    expect(await page.getByText(probe.name).count()).toBe(0);
    await page.goto('/catalog');
    await expect.poll(() => appRunning(page)).toBe(true);
    await page.getByLabel('Search parts by number, tool model or words').fill('probe kit');
    await page.waitForURL(/\/catalog\?q=probe\+kit$/);
    await page.getByRole('link', { name: probe.name }).click();
    await page.getByRole('heading', { level: 1, name: probe.name }).waitFor();
    await page.getByLabel('Quantity (pcs)').fill('10');
    await expect.poll(() => page.getByTestId('unit-price').textContent()).toBe('$25');
    await page.getByRole('button', { name: 'Add to order' }).click();
    await toast(page, 'Added to your order').waitFor();

    // Two more by the builder's search row, one by a pasted quick order line.
    await page.getByRole('link', { name: 'See your order' }).click();
    await page.getByRole('heading', { level: 1, name: 'Order' }).waitFor();
    await addBySearch(page, 'solder wire', solder.name, 20);
    await addBySearch(page, 'heat shrink', tubing.name, 30);
    await page.getByLabel('Lines of “part name or id, quantity”').fill(`${tape.name}, 50`);
    await page.getByRole('button', { name: 'Parse' }).click();
    await toast(page, '1 line added to the order').waitFor();
    // The probe kit and the tape priced by their breaks: 10 × $25, 20 × $12, 30 × $8, 50 × $3.
    await row(page, probe.name).getByText('$250').waitFor();
    await row(page, tape.name).getByText('$150').waitFor();
    await page.getByTestId('order-total').getByText('$880').waitFor();

    // A new buyer has no saved address: a new one, kept.
    await page.getByLabel('Mobile').fill('+880 1811 223344');
    expect(await page.getByLabel('Deliver to').inputValue()).toBe('');
    await page.getByLabel('New address').fill(address);
    await page.getByLabel('Save this address').check();
    await page.getByLabel('PO number (optional)').fill(poNumber);
    await page.getByRole('button', { name: 'Place order' }).click();
    await toast(page, 'Order placed. Please pay for confirm order').waitFor();

    // Every line and the PO number on My Order.
    await page.getByRole('heading', { level: 1, name: 'My Order' }).waitFor();
    const order = row(page, `PO number: ${poNumber}`);
    await order.getByText('+ 3 more parts').click();
    for (const line of [
      '10 pcs × $25 = $250',
      '20 pcs × $12 = $240',
      '30 pcs × $8 = $240',
      '50 pcs × $3 = $150',
    ])
      await order.getByText(line).waitFor();
    await order.getByText('$880').waitFor();

    await order.getByRole('link', { name: 'Pay' }).click();
    await page.getByText('Please pay for 4 parts:').waitFor();
    await fillTestCard(page);
    await page.getByRole('button', { name: 'Pay' }).click();
    await toast(page, /^Payment Complete\. paymentId: pi_test_\w+$/).waitFor();
    await page.getByRole('link', { name: 'Back to My Order' }).click();
    await order.getByText('Paid', { exact: true }).waitFor();

    // The invoice names every line (a long name may wrap: compared without white space).
    const invoice = squeezed(
      await pdfText(await download(page, /^Download the invoice of order SO-\d{6} for /)),
    );
    for (const value of [probe.name, solder.name, tubing.name, tape.name, poNumber, '$880'])
      expect(invoice, value).toContain(squeezed(value));

    await order.getByRole('button', { name: /^Save as list: / }).click();
    expect(await page.getByLabel('List name').inputValue()).toBe(`PO ${poNumber}`);
    await page.getByRole('button', { name: 'Save list' }).click();
    await toast(page, 'List saved.').waitFor();

    // Meanwhile the solder wire costs less: the list is ordered at today's prices.
    const put = await api(`/api/partsById?id=${solder._id}`, {
      method: 'PUT',
      token: await tokenOf(admin),
      body: { ...solder.body, price_per_piece: 11 },
    });
    expect(put.status).toBe(200);
    await page.goto('/dashboard/lists');
    await expect.poll(() => appRunning(page)).toBe(true);
    const list = page.getByRole('article').filter({ hasText: `PO ${poNumber}` });
    await list.getByRole('button', { name: 'Order this list' }).click();
    await page.getByRole('heading', { level: 1, name: 'Order' }).waitFor();
    for (const [part, quantity] of [
      [probe, '10'],
      [solder, '20'],
      [tubing, '30'],
      [tape, '50'],
    ] as const)
      expect(await page.getByLabel(`Quantity of ${part.name}`).inputValue()).toBe(quantity);
    await row(page, solder.name).getByText('$220').waitFor();
    await page.getByTestId('order-total').getByText('$860').waitFor();

    // The address saved at checkout is offered first, and kept on My Profile.
    const saved = page.getByLabel('Deliver to');
    expect(await saved.inputValue()).not.toBe('');
    expect(await saved.locator('option:checked').textContent()).toBe(
      `${addressLabel}: ${address.replace(/\s+/g, ' ')}`,
    );
    await page.goto('/dashboard');
    await addressesCard(page).getByText(addressLabel, { exact: true }).waitFor();
  });

  it('keeps delivery addresses on My Profile: adds, refuses a 21st, deletes after asking', async () => {
    const page = await signedIn('/dashboard', buyer);
    await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
    const card = addressesCard(page);
    // The one saved at checkout; mobile stays the only field of the profile itself to edit.
    await card.getByText(addressLabel, { exact: true }).waitFor();
    expect(await page.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    await expect.poll(() => appRunning(page)).toBe(true);

    await card.getByRole('button', { name: 'Add address' }).click();
    await card.getByText('Label is required').waitFor();
    await card.getByLabel('Label', { exact: true }).fill('Repair centre, Dhaka');
    await card.getByLabel('Address', { exact: true }).fill('House 4, Road 7, Tejgaon I/A\nDhaka 1208');
    await card.getByRole('button', { name: 'Add address' }).click();
    await toast(page, 'Address saved').waitFor();
    await card.getByText('Repair centre, Dhaka', { exact: true }).waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await shot(page, 'profile-addresses-1280', card);

    const phone = await signedIn('/dashboard', buyer, PHONE);
    await addressesCard(phone).getByText('Repair centre, Dhaka', { exact: true }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousAccessibilityProblems(phone)).toEqual([]);
    await shot(phone, 'profile-addresses-375', addressesCard(phone));

    // Up to the most one account keeps; one more is refused with the API's message.
    const token = await tokenOf(buyer);
    for (let n = 3; n <= MAX_ADDRESSES; n++) {
      const res = await api('/api/addresses', {
        method: 'POST',
        token,
        body: { label: `Depot ${n}`, address: `Bay ${n}, Karnaphuli EPZ, Chattogram` },
      });
      expect(res.status).toBe(201);
    }
    await page.reload();
    await card.getByText(`Depot ${MAX_ADDRESSES}`, { exact: true }).waitFor();
    await expect.poll(() => appRunning(page)).toBe(true);
    await card.getByLabel('Label', { exact: true }).fill('One too many');
    await card.getByLabel('Address', { exact: true }).fill('Nowhere');
    await card.getByRole('button', { name: 'Add address' }).click();
    const refusal = card.getByRole('alert').filter({ hasText: TOO_MANY_ADDRESSES_MESSAGE });
    await refusal.waitFor();

    await card.getByRole('button', { name: 'Delete Repair centre, Dhaka' }).click();
    await page.getByRole('heading', { name: 'Are you sure?' }).waitFor();
    await page.getByRole('button', { name: 'no' }).click();
    expect(await card.getByRole('listitem').count()).toBe(MAX_ADDRESSES);
    await card.getByRole('button', { name: 'Delete Repair centre, Dhaka' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => card.getByText('Repair centre, Dhaka', { exact: true }).count()).toBe(0);
    expect(await card.getByRole('listitem').count()).toBe(MAX_ADDRESSES - 1);
    expect(await refusal.count()).toBe(0);
    await card.getByRole('button', { name: 'Add address' }).click();
    await card.getByText('One too many', { exact: true }).waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
  });

  it('shows an admin no delivery addresses on My Profile', async () => {
    const page = await signedIn('/dashboard', admin);
    await expect.poll(() => page.getByLabel('Role').inputValue()).toBe('admin');
    await page.getByRole('region', { name: 'Change password' }).waitFor();
    expect(await addressesCard(page).count()).toBe(0);
  });
});
