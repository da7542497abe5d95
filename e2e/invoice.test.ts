import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../apps/server/src/test-support/pdf-text';
import { PHONE, screenshot, seriousAccessibilityProblems } from './support/browser';
import { fillTestCard, journeys } from './support/journeys';

const admin = { email: 'invoice-admin@parts-shop.example', password: 'admin-password-4' };
const buyer = {
  name: 'Zoë Κωνσταντίνου-Петрова',
  email: 'accounts@chattogram-works.example',
  password: 'buyer-password-4',
};
const partName = 'Hot Air Rework Station 858D';

const journey = journeys({ env: { SEED_ADMIN_EMAIL: admin.email, SEED_ADMIN_PASSWORD: admin.password } });
const { signedIn, api } = journey;
let partId: string;

beforeAll(async () => {
  expect((await api('/api/auth/signup', { method: 'POST', body: buyer })).status).toBe(201);
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

async function downloadInvoice(page: Page, name: string | RegExp): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name }).click(),
  ]);
  return download;
}

let invoiceNumber = '';

describe('the invoice of a paid order', () => {
  it('is downloaded by the buyer from My Order once the order is paid with 4242', async () => {
    const page = await signedIn(`/purchase/${partId}`, buyer);
    await page.getByRole('heading', { level: 1, name: 'Purchase' }).waitFor();
    await page.getByLabel('Quantity').fill('12');
    await page.getByLabel('Mobile').fill('+880 1819 000222');
    await page.getByLabel('Address').fill('Shed 4, Kalurghat I/A, Chattogram');
    await page.getByRole('button', { name: 'Buy' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Order' }).waitFor();
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

    const download = await downloadInvoice(page, `Download the invoice of the order for ${partName}`);
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
    const button = page.getByRole('button', { name: `Download the invoice of the order for ${partName}` });
    await button.waitFor();
    await screenshot(page, 'my-order-invoice-phone');
  });

  it('is downloaded by an admin from Manage All Order', async () => {
    const page = await signedIn('/dashboard/manage-all-order', admin);
    await page.getByRole('heading', { level: 1, name: 'Manage All Order' }).waitFor();
    await page.getByText(invoiceNumber, { exact: true }).waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'manage-all-order-invoice-desktop');
    const download = await downloadInvoice(
      page,
      `Download the invoice of the order of ${buyer.name} for ${partName}`,
    );
    expect(download.suggestedFilename()).toBe(`invoice-${invoiceNumber}.pdf`);
    const text = await pdfText(await bytesOf(download));
    expect(text).toContain(invoiceNumber);
    expect(text).toContain(buyer.name);
  });
});
