import { randomUUID } from 'node:crypto';
import type { Download, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../apps/server/src/test-support/pdf-text';
import { PHONE, screenshot, seriousAccessibilityProblems } from './support/browser';
import { type Credentials, fillTestCard, journeys } from './support/journeys';
import { inStoppedDatabase } from './support/stopped-database';

const admin = { email: 'invoice-admin@parts-shop.example', password: 'admin-password-4' };
const buyer = {
  name: 'Zoë Κωνσταντίνου-Петрова',
  email: 'accounts@chattogram-works.example',
  password: 'buyer-password-4',
};
const partName = 'Hot Air Rework Station 858D';
/** A member of a company on 30-day terms, and its admin. */
const member = {
  name: 'Rafiq Hasan',
  email: 'rafiq@karnaphuli-invoices.example',
  password: 'member-password-4',
};
const boss = {
  name: 'Nasrin Akter',
  email: 'nasrin@karnaphuli-invoices.example',
  password: 'boss-password-4',
};
const company = { id: randomUUID(), name: 'Karnaphuli Assemblies Ltd', vatId: 'BD-123456789' };
/** The seller the invoices name: production prints only what is configured. */
const seller = {
  SELLER_LEGAL_NAME: 'Chattogram Tool Works Ltd',
  SELLER_ADDRESS: 'Plot 12, Kalurghat Heavy Industrial Area\\nChattogram 4208, Bangladesh',
  SELLER_TAX_ID: 'BIN 004455667-0202',
  SELLER_IBAN: 'DE89 3704 0044 0532 0130 00',
  SELLER_BIC: 'COBADEFFXXX',
  SELLER_EMAIL: 'billing@tool-works.example',
  SELLER_PHONE: '+880 31 555 0101',
};

const journey = journeys({
  env: { SEED_ADMIN_EMAIL: admin.email, SEED_ADMIN_PASSWORD: admin.password, ...seller },
});
const { signedIn, api } = journey;
let partId: string;

beforeAll(async () => {
  expect((await api('/api/auth/signup', { method: 'POST', body: buyer })).status).toBe(201);
  const [memberId, bossId] = await Promise.all(
    [member, boss].map(async (who) => {
      const res = await api('/api/auth/signup', { method: 'POST', body: who });
      expect(res.status).toBe(201);
      return (res.json.user as { uid: string }).uid;
    }),
  );
  // The company is written into the database, as the companies' own journeys make them.
  const now = new Date().toISOString();
  const seat =
    'insert into company_members (company_id, user_id, role, spending_limit, joined_at) values (?, ?, ?, ?, ?)';
  await journey.restart((dataDir) =>
    inStoppedDatabase(dataDir, [
      [
        'insert into companies (id, name, vat_id, payment_terms, created_at, updated_at) values (?, ?, ?, ?, ?, ?)',
        [company.id, company.name, company.vatId, 'net30', now, now],
      ],
      [seat, [company.id, bossId, 'admin', null, now]],
      [seat, [company.id, memberId, 'buyer', null, now]],
    ]),
  );
  const part = await journey.addPart(await journey.tokenOf(admin), {
    name: partName,
    desc: 'A part for the invoice journeys',
    min: 5,
    available: 200,
    price: 65,
  });
  partId = part._id;
});

/** The downloaded file's bytes. */
async function bytesOf(download: Download): Promise<Buffer> {
  return Buffer.concat(await (await download.createReadStream()).toArray());
}

/** The name of an order's paper's button: which paper, of order SO-…, whose (on lists of several buyers), of what. */
const paperButton = (what: 'invoice' | 'packing slip', whose = '') =>
  new RegExp(`^Download the ${what} of order SO-\\d{6}${whose} for ${partName}$`);

async function downloadInvoice(where: Page | Locator, name: string | RegExp): Promise<Download> {
  const page = 'page' in where ? where.page() : where;
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    where.getByRole('button', { name }).click(),
  ]);
  return download;
}

/** `who` buys the part on its purchase page; answers the page, on My Order once the order is placed. */
async function buy(
  who: Credentials,
  order: { quantity: number; mobile: string; address: string },
): Promise<Page> {
  const page = await signedIn(`/purchase/${partId}`, who);
  await page.getByRole('heading', { level: 1, name: 'Purchase' }).waitFor();
  await page.getByLabel('Quantity').fill(String(order.quantity));
  await page.getByLabel('Mobile').fill(order.mobile);
  await page.getByLabel('Address').fill(order.address);
  await page.getByRole('button', { name: 'Buy' }).click();
  await page.getByRole('heading', { level: 1, name: 'My Order' }).waitFor();
  return page;
}

let invoiceNumber = '';

describe('the invoice of a paid order', () => {
  it('is downloaded by the buyer from My Order once the order is paid with 4242', async () => {
    const page = await buy(buyer, {
      quantity: 12,
      mobile: '+880 1819 000222',
      address: 'Shed 4, Kalurghat I/A, Chattogram',
    });
    const row = page.getByRole('row').filter({ hasText: partName });
    // Unpaid: no invoice yet.
    expect(await row.getByRole('button', { name: /invoice/i }).count()).toBe(0);

    await row.getByRole('link', { name: 'Pay' }).click();
    await page.getByRole('heading', { level: 1, name: 'Payment' }).waitFor();
    await fillTestCard(page);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /^Payment Complete\. paymentId: pi_test_\w+$/ })
      .waitFor();
    await page.getByRole('link', { name: 'Back to My Order' }).click();

    const paidRow = page.getByRole('row').filter({ hasText: partName });
    await paidRow.getByText('Paid', { exact: true }).waitFor();
    invoiceNumber = (await paidRow.getByText(/^INV-\d{6}$/).textContent()) ?? '';
    expect(invoiceNumber).toMatch(/^INV-\d{6}$/);
    const paymentId = (await paidRow.getByText(/^pi_test_/).textContent()) ?? '';
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'my-order-invoice-desktop');

    const download = await downloadInvoice(page, paperButton('invoice'));
    expect(download.suggestedFilename()).toBe(`invoice-${invoiceNumber}.pdf`);
    const pdf = await bytesOf(download);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf);
    for (const value of [
      'Electronics Tools Manufacturers',
      invoiceNumber,
      buyer.name,
      buyer.email,
      '+880 1819 000222',
      'Shed 4, Kalurghat I/A, Chattogram',
      partName,
      '12 pcs',
      '$65',
      '$780',
      paymentId,
    ]) {
      expect(text, value).toContain(value);
    }
  });

  it('fits My Order on a phone', async () => {
    const page = await signedIn('/dashboard/my-order', buyer, PHONE);
    const button = page.getByRole('button', { name: paperButton('invoice') });
    await button.waitFor();
    await screenshot(page, 'my-order-invoice-phone');
  });

  it('is downloaded by an admin from Manage All Order', async () => {
    const page = await signedIn('/dashboard/manage-all-order', admin);
    await page.getByRole('heading', { level: 1, name: 'Manage All Order' }).waitFor();
    await page.getByText(invoiceNumber, { exact: true }).waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'manage-all-order-invoice-desktop');
    const download = await downloadInvoice(page, paperButton('invoice', ` of ${buyer.name}`));
    expect(download.suggestedFilename()).toBe(`invoice-${invoiceNumber}.pdf`);
    const text = await pdfText(await bytesOf(download));
    expect(text).toContain(invoiceNumber);
    expect(text).toContain(buyer.name);

    // The packing slip to put in the parcel: where to, what, how many, and no prices.
    const slip = await downloadInvoice(page, paperButton('packing slip', ` of ${buyer.name}`));
    expect(slip.suggestedFilename()).toMatch(/^packing-slip-SO-\d{6}\.pdf$/);
    const packed = await pdfText(await bytesOf(slip));
    for (const value of [
      'PACKING SLIP',
      'Ship to',
      buyer.name,
      'Shed 4, Kalurghat I/A, Chattogram',
      partName,
      '12 pcs',
    ])
      expect(packed, value).toContain(value);
    expect(packed).not.toContain('$');
  });
});

describe('the invoice of a net-30 company order', () => {
  let netInvoice = '';
  const download = paperButton('invoice');

  it('is on My Order as soon as the order is placed, and names the seller and the company', async () => {
    const page = await buy(member, {
      quantity: 20,
      mobile: '+880 1819 000333',
      address: 'Plot 7, CEPZ, Chattogram',
    });
    const row = page.getByRole('row').filter({ hasText: partName });
    const invoiced = row.getByText(/^Invoiced INV-\d{6} — due /);
    await invoiced.waitFor();
    netInvoice = /INV-\d{6}/.exec((await invoiced.textContent()) ?? '')?.[0] ?? '';
    expect(await row.getByRole('link', { name: 'Pay' }).count()).toBe(0);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'my-order-net30-invoice-desktop');

    const file = await downloadInvoice(page, download);
    expect(file.suggestedFilename()).toBe(`invoice-${netInvoice}.pdf`);
    const text = await pdfText(await bytesOf(file));
    for (const value of [
      'Electronics Tools Manufacturers',
      netInvoice,
      'Chattogram Tool Works Ltd',
      'Plot 12, Kalurghat Heavy Industrial Area',
      'Tax ID: BIN 004455667-0202',
      'IBAN: DE89 3704 0044 0532 0130 00',
      'SWIFT/BIC: COBADEFFXXX',
      company.name,
      `VAT id: ${company.vatId}`,
      member.name,
      'On account (net 30)',
      '$1,300',
    ])
      expect(text, value).toContain(value);
    expect(text.replace(/\s+/g, ' ')).toContain(`quoting the invoice number ${netInvoice}.`);
  });

  it('fits My Order on a phone', async () => {
    const page = await signedIn('/dashboard/my-order', member, PHONE);
    await page.getByRole('button', { name: download }).waitFor();
    await screenshot(page, 'my-order-net30-invoice-phone');
  });

  it("is downloaded by the company's admin from the company's orders", async () => {
    const page = await signedIn('/dashboard/company', boss);
    const orders = page.getByRole('region', { name: 'All orders' });
    const name = paperButton('invoice', ` of ${member.name}`);
    await orders.getByRole('button', { name }).waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'company-orders-net30-invoice-desktop');
    const file = await downloadInvoice(orders, name);
    expect(file.suggestedFilename()).toBe(`invoice-${netInvoice}.pdf`);
    expect(await pdfText(await bytesOf(file))).toContain(company.name);
  });

  it("is downloaded by the shop's admin from Manage All Order before it is paid", async () => {
    const page = await signedIn('/dashboard/manage-all-order', admin);
    const name = paperButton('invoice', ` of ${member.name}`);
    await page.getByRole('button', { name }).waitFor();
    await page.getByRole('button', { name: `Record payment of ${netInvoice} (${member.name})` }).waitFor();
    await screenshot(page, 'manage-all-order-net30-invoice-desktop');
    const file = await downloadInvoice(page, name);
    expect(file.suggestedFilename()).toBe(`invoice-${netInvoice}.pdf`);
  });
});
