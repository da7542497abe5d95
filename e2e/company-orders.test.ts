import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cutOffOnScreen, DESKTOP, PHONE, screenshot, seriousAccessibilityProblems } from './support/browser';
import { journeys } from './support/journeys';
import { inStoppedDatabase } from './support/stopped-database';

const admin = { email: 'company-orders-admin@parts-shop.example', password: 'admin-password-9' };
const buyer = { name: 'Rafiq Hasan', email: 'rafiq@karnaphuli.example', password: 'buyer-password-9' };
const boss = { name: 'Nasrin Akter', email: 'nasrin@karnaphuli.example', password: 'boss-password-9' };
const COMPANY_NAME = 'Karnaphuli Assemblies Ltd';
/** Rafiq's monthly spending limit, whole dollars. */
const LIMIT = 500;

const journey = journeys({
  env: { SEED_ADMIN_EMAIL: admin.email, SEED_ADMIN_PASSWORD: admin.password },
  // Approving an order rejected meanwhile is refused on purpose (409).
  expectedProblems: /status of 409 \(Conflict\)/,
});
const { signedIn, api, tokenOf } = journey;
let part: { _id: string; name: string };
let other: { _id: string; name: string };
const companyId = randomUUID();

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
const orderRow = (page: Page) => page.getByRole('row').filter({ hasText: part.name });

beforeAll(async () => {
  const people = [];
  for (const who of [buyer, boss]) {
    const res = await api('/api/auth/signup', { method: 'POST', body: who });
    expect(res.status).toBe(201);
    people.push((res.json.user as { uid: string }).uid);
  }
  const [buyerId, bossId] = people;
  const adminToken = await tokenOf(admin);
  const stock = { price: 100, available: 1000, min: 1, desc: 'A part for the company orders journeys' };
  part = await journey.addPart(adminToken, { name: 'Thermal Camera Module 160x120', ...stock });
  other = await journey.addPart(adminToken, { name: 'USB Logic Analyzer 24 MHz', ...stock });
  // A company on 30-day terms: Nasrin its admin, Rafiq a buyer with a monthly limit of $500,
  // written into the database as the companies' own journeys make them.
  const now = new Date().toISOString();
  await journey.restart((dataDir) =>
    inStoppedDatabase(dataDir, [
      [
        'insert into companies (id, name, vat_id, payment_terms, created_at, updated_at) values (?, ?, ?, ?, ?, ?)',
        [companyId, COMPANY_NAME, 'BD-123456789', 'net30', now, now],
      ],
      [
        'insert into company_members (company_id, user_id, role, spending_limit, joined_at) values (?, ?, ?, ?, ?)',
        [companyId, bossId, 'admin', null, now],
      ],
      [
        'insert into company_members (company_id, user_id, role, spending_limit, joined_at) values (?, ?, ?, ?, ?)',
        [companyId, buyerId, 'buyer', LIMIT, now],
      ],
    ]),
  );
});

describe('a company order past a limit, approved, invoiced on 30-day terms and settled', () => {
  let orderId = '';

  it('a member orders past their monthly limit: the order waits for approval, and cannot be paid', async () => {
    const page = await signedIn(`/purchase/${part._id}`, buyer);
    await page.getByRole('heading', { level: 1, name: 'Purchase' }).waitFor();
    await page.getByLabel('Quantity').fill('6');
    await page.getByLabel('Mobile').fill('+880 1819 000111');
    await page.getByLabel('Address').fill('Plot 7, CEPZ, Chattogram');
    await page.getByRole('button', { name: 'Buy' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Order' }).waitFor();
    const row = orderRow(page);
    await row.getByText('Waiting for approval', { exact: true }).waitFor();
    await row
      .getByText(
        `Waiting for your company's approval: it takes your orders this month past your monthly limit of $${LIMIT}.`,
      )
      .waitFor();
    expect(await row.getByRole('link', { name: 'Pay' }).count()).toBe(0);
    // Its pieces are kept for it.
    expect((await api(`/api/partsById?id=${part._id}`)).json.available_quantity).toBe(994);
    const mine = await api(`/api/purchaseByEmail?email=${encodeURIComponent(buyer.email)}`, {
      token: await tokenOf(buyer),
    });
    const [order] = mine.json as unknown as { _id: string; approval: string; companyId: string }[];
    expect(order).toMatchObject({ approval: 'pending', companyId });
    orderId = order?._id ?? '';
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'company-orders-my-order-pending-desktop');
    // The payment page says why it takes no card.
    await page.goto(`/dashboard/payment/${orderId}`);
    await page.getByText("This order is waiting for your company's approval").waitFor();
    expect(await page.getByLabel('Card number').count()).toBe(0);
    await screenshot(page, 'company-orders-payment-page-pending-desktop');
  });

  it('on a phone, the member sees the same', async () => {
    const page = await signedIn('/dashboard/my-order', buyer, PHONE);
    await orderRow(page).getByText('Waiting for approval', { exact: true }).waitFor();
    await screenshot(page, 'company-orders-my-order-pending-phone');
  });

  it('the company admin approves it among the approvals: on net 30 it is invoiced at once', async () => {
    const phone = await signedIn(`/dashboard/company`, boss, PHONE);
    await phone
      .getByRole('button', { name: `Approve the order of ${buyer.name} for ${part.name}` })
      .waitFor();
    expect(await seriousAccessibilityProblems(phone)).toEqual([]);
    await screenshot(phone, 'company-orders-approvals-phone');
    const page = await signedIn(`/dashboard/company`, boss);
    const approvals = page.getByRole('region', { name: /Approvals/ });
    const row = approvals.getByRole('row').filter({ hasText: buyer.name });
    await row.getByText('$600').waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'company-orders-approvals-desktop');
    const approve = row.getByRole('button', { name: `Approve the order of ${buyer.name} for ${part.name}` });
    await approve.click();
    await page.getByRole('button', { name: 'no' }).click();
    await approve.click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await toast(page, 'Order approved').waitFor();
    await approvals.getByText('No orders are waiting for approval.').waitFor();
    const all = page.getByRole('region', { name: 'All orders' });
    await all
      .getByRole('row')
      .filter({ hasText: buyer.name })
      .getByText(/^Invoiced, due /)
      .waitFor();
  });

  it('an order decided elsewhere meanwhile: Approve says so, and its buyer sees it rejected', async () => {
    const token = await tokenOf(buyer);
    const placed = await api('/api/purchase', {
      method: 'POST',
      token,
      body: {
        partsId: other._id,
        quantity: 2,
        mobile: '+880 1819 000111',
        address: 'Plot 7, CEPZ, Chattogram',
      },
    });
    expect(placed.status).toBe(201);
    const page = await signedIn(`/dashboard/company`, boss);
    const approvals = page.getByRole('region', { name: /Approvals/ });
    const row = approvals.getByRole('row').filter({ hasText: other.name });
    await row.getByText('$200').waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.app === 'running');
    await page.waitForLoadState('networkidle');
    // Another admin of the company rejects it first.
    const id = placed.json.insertedId as string;
    expect(
      (await api(`/api/orders/${id}/reject`, { method: 'POST', token: await tokenOf(boss) })).status,
    ).toBe(200);
    await row.getByRole('button', { name: `Approve the order of ${buyer.name} for ${other.name}` }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await toast(page, 'This order is rejected already').waitFor();
    await approvals.getByText('No orders are waiting for approval.').waitFor();
    await page
      .getByRole('region', { name: 'All orders' })
      .getByRole('row')
      .filter({ hasText: other.name })
      .getByText('Rejected', { exact: true })
      .waitFor();
    expect((await api(`/api/partsById?id=${other._id}`)).json.available_quantity).toBe(1000);

    const mine = await signedIn('/dashboard/my-order', buyer);
    const rejected = mine.getByRole('row').filter({ hasText: other.name });
    await rejected.getByText('Your company rejected this order: its pieces went back to stock.').waitFor();
    expect(await rejected.getByRole('link', { name: 'Pay' }).count()).toBe(0);
  });

  it('the member finds it invoiced, with its due date, and no Pay', async () => {
    const page = await signedIn('/dashboard/my-order', buyer);
    const row = orderRow(page);
    await row.getByText(/^Invoiced INV-\d+ — due \d+ \w+ \d{4} \(30-day terms\)$/).waitFor();
    expect(await row.getByRole('link', { name: 'Pay' }).count()).toBe(0);
    await screenshot(page, 'company-orders-my-order-invoiced-desktop');
    const phone = await signedIn('/dashboard/my-order', buyer, PHONE);
    await orderRow(phone)
      .getByText(/^Invoiced INV-/)
      .waitFor();
    await screenshot(phone, 'company-orders-my-order-invoiced-phone');
  });

  it('past its due date, the overview lists it among the overdue invoices, linking to it', async () => {
    // Thirty-one days pass: the invoice's due day is behind.
    const due = new Date(Date.now() - 86_400_000).toISOString();
    await journey.restart((dataDir) =>
      inStoppedDatabase(dataDir, [['update orders set due_date = ? where id = ?', [due, orderId]]]),
    );
    for (const [viewport, name] of [
      [undefined, 'company-orders-overview-overdue-desktop'],
      [PHONE, 'company-orders-overview-overdue-phone'],
    ] as const) {
      const page = await signedIn('/dashboard/overview', admin, viewport);
      const overdue = page.getByRole('region', { name: 'Overdue invoices' });
      await overdue.getByText('1 net-30 invoice past due, $600 in all.').waitFor();
      await overdue.getByText(`${COMPANY_NAME} (${buyer.name}): $600, due`).waitFor();
      expect(await seriousAccessibilityProblems(page)).toEqual([]);
      await screenshot(page, name);
      if (viewport) continue;
      await overdue.getByRole('link', { name: /^INV-\d+$/ }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/manage-all-order');
      const linked = page.getByRole('region', { name: /^Order INV-\d+$/ });
      await linked.getByText('Overdue', { exact: true }).waitFor();
    }
  });

  it('the shop admin records the bank payment in Manage All Order; the member sees it paid', async () => {
    const phone = await signedIn('/dashboard/manage-all-order', admin, PHONE);
    await orderRow(phone)
      .getByRole('button', { name: /^Record payment of INV-/ })
      .click();
    await phone.getByRole('dialog', { name: 'Record payment' }).getByLabel('Bank reference').waitFor();
    await screenshot(phone, 'company-orders-record-payment-phone');

    const page = await signedIn('/dashboard/manage-all-order', admin);
    const row = orderRow(page);
    await row.getByText('Overdue', { exact: true }).waitFor();
    await row.getByRole('button', { name: /^Record payment of INV-/ }).click();
    const form = page.getByRole('dialog', { name: 'Record payment' });
    await form.getByRole('button', { name: 'Record payment' }).click();
    await form.getByText('Bank reference is required').waitFor();
    await form.getByLabel('Bank reference').fill('DBBL-TRX-7781');
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'company-orders-record-payment-desktop');
    await form.getByRole('button', { name: 'Record payment' }).click();
    await toast(page, /^Payment recorded: INV-\d+ is paid$/).waitFor();
    await row.getByText('Paid', { exact: true }).waitFor();
    await row.getByText('DBBL-TRX-7781').waitFor();
    await row.getByText('Company order, approved').waitFor();
    expect((await api('/api/overview', { token: await tokenOf(admin) })).json.overdueInvoices).toMatchObject({
      count: 0,
    });

    const buyerPage = await signedIn('/dashboard/my-order', buyer);
    await orderRow(buyerPage).getByText('Paid', { exact: true }).waitFor();
    await screenshot(buyerPage, 'company-orders-my-order-paid-desktop');
  });
});

describe('the lists of orders, parts and activity on a phone', () => {
  // Every page's values and buttons: the cells, the buttons and links, the fields.
  const SHOWN = 'main :is(td, th, button, a, select, input)';
  const lists = [
    { name: 'my-order', who: buyer },
    { name: 'manage-all-order', who: admin },
    { name: 'manage-product', who: admin },
    { name: 'company', who: boss },
    { name: 'activity', who: admin },
  ];

  it.each(lists)(
    '$name shows every value and button whole at 375 px, one card per row',
    async ({ name, who }) => {
      const page = await signedIn(`/dashboard/${name}`, who, PHONE);
      await page.locator('main tbody tr').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await cutOffOnScreen(page, SHOWN)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      // A card a row: each value after its column's name, drawn before it; only actions go unnamed.
      const table = page.locator('main table').first();
      expect(await table.evaluate((element) => getComputedStyle(element).display)).toBe('block');
      const unnamed = await page.evaluate(() =>
        [...document.querySelectorAll('main tbody td')]
          .filter((cell) => {
            const label = cell.getAttribute('data-label');
            if (!label) return !cell.querySelector('button, a');
            return !getComputedStyle(cell, '::before').content.includes(`"${label}"`);
          })
          .map((cell) => cell.textContent),
      );
      expect(unnamed).toEqual([]);
      // Still a table to a screen reader: the browser's accessibility tree keeps the headings and cells.
      const cdp = await page.context().newCDPSession(page);
      const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
        nodes: { role?: { value: string } }[];
      };
      const roles = nodes.map((node) => node.role?.value);
      expect(roles).toContain('columnheader');
      expect(roles).toContain('cell');
      expect(await seriousAccessibilityProblems(page)).toEqual([]);
      await screenshot(page, `tables-${name}-375`);
    },
  );

  it.each(lists)('$name is a table at 1280 px', async ({ name, who }) => {
    const page = await signedIn(`/dashboard/${name}`, who, DESKTOP);
    await page.locator('main tbody tr').first().waitFor();
    const table = page.locator('main table').first();
    expect(await table.evaluate((element) => getComputedStyle(element).display)).toBe('table');
    expect(await table.locator('thead').isVisible()).toBe(true);
    expect(await cutOffOnScreen(page, SHOWN)).toEqual([]);
    await screenshot(page, `tables-${name}-1280`);
  });
});
