import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, seriousAccessibilityProblems } from './support/browser';
import { journeys } from './support/journeys';

const admin = { email: 'quotes-admin@parts-shop.example', password: 'admin-password-7' };
const buyer = { name: 'Padma Circuits', email: 'buyer@padma.example', password: 'buyer-password-7' };

const journey = journeys({ env: { SEED_ADMIN_EMAIL: admin.email, SEED_ADMIN_PASSWORD: admin.password } });
const { signedIn, api, tokenOf, addPart } = journey;
let part: { _id: string; name: string };

beforeAll(async () => {
  expect((await api('/api/auth/signup', { method: 'POST', body: buyer })).status).toBe(201);
  // Sold from 100 pieces: 40 is out of range, which is what a quote is for.
  part = await addPart(await tokenOf(admin), {
    name: 'Hot Air Rework Station 858D',
    price: 60,
    available: 500,
    min: 100,
    desc: 'A part for the quotes journeys',
  });
});

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

/** The last day an offer holds: ten days from now, as a date field takes it. */
function inTenDays(): string {
  const day = new Date(Date.now() + 10 * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

describe('a quote from request to order', () => {
  let quotePath = '';

  it('a buyer asks a price for a quantity out of range from the product page', async () => {
    const page = await signedIn(`/parts/${part._id}`, buyer);
    await page.getByLabel('Quantity (pcs)').fill('40');
    await page.getByText('You have to place order in our given range').waitFor();
    await page.getByRole('link', { name: 'Request a quote' }).click();
    await page.getByRole('heading', { level: 1, name: 'Request a quote' }).waitFor();
    expect(await page.getByLabel(`Quantity (pcs) of ${part.name}`).inputValue()).toBe('40');
    await page.getByRole('button', { name: 'Request a quote' }).click();
    await page.getByText('Message is required').waitFor();
    await page.getByLabel('Message').fill('We need 40 for a pilot line. Delivery by next month?');
    await page.getByRole('button', { name: 'Request a quote' }).click();
    await toast(page, 'Quote requested').waitFor();
    await page.waitForURL(/\/dashboard\/quotes\/[0-9a-f-]{36}$/);
    quotePath = new URL(page.url()).pathname;
    await page.getByText('Requested', { exact: true }).waitFor();
    await page.getByText('We need 40 for a pilot line.').waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
  });

  it('the admin offers a price until a day, and answers in the thread', async () => {
    const page = await signedIn('/dashboard/quotes', admin);
    await page.getByRole('row').filter({ hasText: part.name }).getByRole('link', { name: /Open/ }).click();
    await page.waitForURL((url) => url.pathname === quotePath);
    await page.getByLabel(`Unit price ($) of ${part.name}`).fill('55');
    await page.getByLabel('Valid until').fill(inTenDays());
    await page.getByRole('button', { name: 'Send offer' }).click();
    await toast(page, 'Offer sent').waitFor();
    await page.getByText('Offered', { exact: true }).waitFor();
    await page.getByLabel('Reply').fill('Yes, in three weeks.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await toast(page, 'Message sent').waitFor();
    await page.getByText('Yes, in three weeks.').waitFor();
  });

  it('the buyer, on a phone, accepts the offer and finds the order in My Order', async () => {
    const page = await signedIn('/dashboard/my-quotes', buyer, PHONE);
    await page.getByRole('link', { name: /Open the quote/ }).click();
    await page.waitForURL((url) => url.pathname === quotePath);
    await page.getByRole('cell', { name: '$2,200' }).first().waitFor();
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('button', { name: 'no' }).click();
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await toast(page, 'Offer accepted').waitFor();
    await page.waitForURL(/\/dashboard\/my-order$/);
    await page.getByText(part.name).first().waitFor();
    expect((await api(`/api/partsById?id=${part._id}`)).json.available_quantity).toBe(460);
  });
});
