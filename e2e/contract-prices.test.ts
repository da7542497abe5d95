import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, screenshot, seriousAccessibilityProblems } from './support/browser';
import { journeys } from './support/journeys';
import { inStoppedDatabase } from './support/stopped-database';

const admin = { email: 'contract-prices-admin@parts-shop.example', password: 'admin-password-9' };
const member = {
  name: 'Tahmina Rahman',
  email: 'tahmina@jamuna-assembly.example',
  password: 'buyer-password-9',
};
const COMPANY_NAME = 'Jamuna Assembly Works';
/** The contract price the shop's admin sets, and the part's list price: whole dollars a piece. */
const CONTRACT = 32;
const LIST = 40;

const journey = journeys({ env: { SEED_ADMIN_EMAIL: admin.email, SEED_ADMIN_PASSWORD: admin.password } });
const { signedIn, api, tokenOf } = journey;
let part: { _id: string; name: string };
let lapsed: { _id: string; name: string };
const companyId = randomUUID();

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const fitsThePhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

beforeAll(async () => {
  const signup = await api('/api/auth/signup', { method: 'POST', body: member });
  expect(signup.status).toBe(201);
  const memberId = (signup.json.user as { uid: string }).uid;
  const adminToken = await tokenOf(admin);
  const stock = { price: LIST, available: 500, min: 1, desc: 'A part for the contract prices journeys' };
  part = await journey.addPart(adminToken, { name: 'Ratchet Crimping Tool AWG 22-10', ...stock });
  lapsed = await journey.addPart(adminToken, { name: 'Heat Shrink Kit 560 pcs', ...stock, price: 18 });
  // A company paying by card, Tahmina its buyer, with a price for the kit that ran out last
  // year: written into the database as the companies' own journeys make them.
  const now = new Date().toISOString();
  await journey.restart((dataDir) =>
    inStoppedDatabase(dataDir, [
      [
        'insert into companies (id, name, vat_id, payment_terms, created_at, updated_at) values (?, ?, ?, ?, ?, ?)',
        [companyId, COMPANY_NAME, 'BD-987654321', 'card', now, now],
      ],
      [
        'insert into company_members (company_id, user_id, role, spending_limit, joined_at) values (?, ?, ?, ?, ?)',
        [companyId, memberId, 'buyer', null, now],
      ],
      lapsedPrice(now),
    ]),
  );
});

/** The kit's contract price, which ran out on the last day of last year. */
const lapsedPrice = (now: string): [string, unknown[]] => [
  'insert into contract_prices (company_id, part_id, unit_price, valid_until, created_at) values (?, ?, ?, ?, ?)',
  [companyId, lapsed._id, 15, `${new Date().getUTCFullYear() - 1}-12-31`, now],
];

describe("a company's contract price, from the shop's admin to the member's order", () => {
  it('the admin finds the part by its name and sets the price through the last day of 2099', async () => {
    const page = await signedIn('/dashboard/companies', admin);
    await page.getByRole('link', { name: `Contract prices of ${COMPANY_NAME}` }).click();
    await page.getByRole('heading', { level: 1, name: 'Contract prices' }).waitFor();
    await row(page, lapsed.name).getByText('expired').waitFor();
    await page.getByLabel('Add a part: search by name or part number').fill('ratchet crimp');
    await page.getByRole('button', { name: `Add ${part.name}` }).click();
    await page.getByLabel(`Price a piece of ${part.name}`).fill(String(CONTRACT));
    await page.getByLabel(`Last day of ${part.name}`).fill('2099-12-31');
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'contract-prices-admin-1280');
    // The kit's price ran out last year: it may stay as it is, but not changed with a day past.
    await page.getByLabel(`Price a piece of ${lapsed.name}`).fill('14');
    await page.getByRole('button', { name: 'Save prices' }).click();
    await toast(page, `${lapsed.name} has a last day in the past`).waitFor();
    await row(page, lapsed.name).getByText('This day has passed').waitFor();
    // Its price as it was: it stays on the list, expired.
    await page.getByLabel(`Price a piece of ${lapsed.name}`).fill('15');
    await page.getByRole('button', { name: 'Save prices' }).click();
    await toast(page, 'Contract prices saved').waitFor();
    const saved = await api(`/api/companies/${companyId}/prices`, { token: await tokenOf(admin) });
    expect(saved.json.items).toContainEqual(
      expect.objectContaining({ partsId: part._id, unitPrice: CONTRACT, validUntil: '2099-12-31' }),
    );
    expect(saved.json.items).toContainEqual(
      expect.objectContaining({ partsId: lapsed._id, unitPrice: 15, expired: true }),
    );
  });

  it('the member sees it on the catalog card, the product page and the order builder, and pays it', async () => {
    const note = `Your company's price: $${CONTRACT} a piece (until 31 Dec 2099)`;
    const page = await signedIn('/catalog?q=ratchet', member);
    const card = page.getByRole('article').filter({ hasText: part.name });
    await card.getByText(note).waitFor();
    await card.getByTestId('struck-list-price').getByText(`$${LIST}`).waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'contract-prices-catalog-1280');

    await card.getByRole('link', { name: part.name }).click();
    await page.getByRole('heading', { level: 1, name: part.name }).waitFor();
    await page.getByText(note).waitFor();
    await page.getByTestId('struck-list-price').getByText(`$${LIST}`).waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'contract-prices-product-1280');
    await page.getByLabel('Quantity').fill('5');
    await page.getByRole('button', { name: 'Add to order' }).click();
    await page.getByRole('link', { name: 'See your order' }).click();

    await page.getByRole('heading', { level: 1, name: 'Order' }).waitFor();
    const line = row(page, part.name);
    await line.getByText(note).waitFor();
    await page
      .getByTestId('order-total')
      .getByText(`$${5 * CONTRACT}`)
      .waitFor();
    await screenshot(page, 'contract-prices-order-builder-1280');
    await page.getByLabel('Mobile').fill('+880 1711 000333');
    await page.getByLabel('New address').fill('Shed 4, Sirajganj Industrial Park');
    await page.getByRole('button', { name: 'Place order' }).click();
    await toast(page, 'Order placed. Please pay for confirm order').waitFor();
    await page.getByRole('heading', { level: 1, name: 'My Order' }).waitFor();
    // The order is priced as the server charged it: five pieces at the company's price.
    const ordered = row(page, part.name);
    await ordered.getByText('5 pcs', { exact: true }).waitFor();
    await ordered.getByText(`$${5 * CONTRACT}`, { exact: true }).waitFor();
    const mine = await api(`/api/purchaseByEmail?email=${encodeURIComponent(member.email)}`, {
      token: await tokenOf(member),
    });
    const [order] = mine.json as unknown as { lines: { unitPrice: number; price: number }[] }[];
    expect(order?.lines).toEqual([expect.objectContaining({ unitPrice: CONTRACT, price: 5 * CONTRACT })]);
    await screenshot(page, 'contract-prices-my-order-1280');
  });

  it("the member's Our prices page lists the price and the expired one, reached from the menu", async () => {
    const page = await signedIn('/dashboard/company', member);
    const fromCompany = page
      .getByRole('region', { name: COMPANY_NAME })
      .getByRole('link', { name: 'Our prices' });
    expect(await fromCompany.getAttribute('href')).toBe('/dashboard/prices');
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Our prices' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Our prices' }).waitFor();
    await page.getByText('2 contract prices, 1 of them expired.').waitFor();
    const current = row(page, part.name);
    await current.getByText(`$${CONTRACT}`).waitFor();
    await current.getByText(`$${LIST}`).waitFor();
    await current.getByText('Through 31 Dec 2099').waitFor();
    await row(page, lapsed.name).getByText('Expired').waitFor();
    expect(await current.getByRole('link', { name: part.name }).getAttribute('href')).toBe(
      `/parts/${part._id}`,
    );
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'contract-prices-our-prices-1280');
  });

  it('reads well on a phone: the price list as cards, the catalog card and the admin page', async () => {
    const page = await signedIn('/dashboard/prices', member, PHONE);
    await row(page, part.name).getByText('Through 31 Dec 2099').waitFor();
    await fitsThePhone(page);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'contract-prices-our-prices-375');
    await page.goto('/catalog?q=ratchet');
    await page.getByRole('article').filter({ hasText: part.name }).getByTestId('contract-price').waitFor();
    await fitsThePhone(page);
    await screenshot(page, 'contract-prices-catalog-375');

    const desk = await signedIn(`/dashboard/companies/${companyId}/prices`, admin, PHONE);
    await desk.getByRole('link', { name: part.name }).waitFor();
    await fitsThePhone(desk);
    await desk.getByLabel('Add a part: search by name or part number').fill('heat shrink');
    await desk.getByRole('button', { name: `Add ${lapsed.name}` }).click();
    await toast(desk, `${lapsed.name} is in the list already`).waitFor();
    expect(await seriousAccessibilityProblems(desk)).toEqual([]);
    await screenshot(desk, 'contract-prices-admin-375');
  });
});
