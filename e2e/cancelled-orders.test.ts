import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot, seriousAccessibilityProblems } from './support/browser';
import { journeys } from './support/journeys';

const admin = { email: 'cancel-admin@parts-shop.example', password: 'admin-password-7' };
const buyer = { name: 'Jamuna Fixtures', email: 'buyer@jamuna.example', password: 'buyer-password-7' };

const journey = journeys({ env: { SEED_ADMIN_EMAIL: admin.email, SEED_ADMIN_PASSWORD: admin.password } });
const { signedIn, api, tokenOf } = journey;
let part: { _id: string; name: string };

beforeAll(async () => {
  expect((await api('/api/auth/signup', { method: 'POST', body: buyer })).status).toBe(201);
  part = await journey.addPart(await tokenOf(admin), {
    name: 'Desoldering Pump Tip 2.5 mm',
    price: 6,
    available: 400,
    min: 5,
    desc: 'A part for the cancelled-order journeys',
  });
});

const available = async () => (await api(`/api/partsById?id=${part._id}`)).json.available_quantity as number;

/** An order the buyer places through the API, known by its PO number. */
async function placed(poNumber: string, quantity: number): Promise<string> {
  const res = await api('/api/orders', {
    method: 'POST',
    token: await tokenOf(buyer),
    body: {
      lines: [{ partsId: part._id, quantity }],
      mobile: '+880 1712 345678',
      address: 'Sirajganj',
      poNumber,
    },
  });
  expect(res.status).toBe(201);
  return res.json.insertedId as string;
}

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

describe('a buyer cancelling an order', () => {
  it('finds it under Show: Cancelled orders, marked Cancelled with when, with no Pay or Cancel, at 1280 and 375', async () => {
    for (const [viewport, size] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const po = `PO-CANCEL-${size}`;
      const before = await available();
      await placed(po, 25);
      expect(await available()).toBe(before - 25);

      const page = await signedIn('/dashboard/my-order', buyer, viewport);
      await page.getByRole('heading', { level: 1, name: 'My Order' }).waitFor();
      const row = rowOf(page, po);
      await row.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes' }).click();
      // It leaves the orders, and its pieces are back.
      await expect.poll(() => row.count()).toBe(0);
      expect(await available()).toBe(before);

      await page.getByLabel('Show').selectOption({ label: 'Cancelled orders' });
      await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('cancelled');
      const cancelled = rowOf(page, po);
      await cancelled.getByText('Cancelled', { exact: true }).waitFor();
      // When: the moment it was cancelled, in the reader's time zone.
      expect(await cancelled.locator('time').last().getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(await cancelled.getByRole('link', { name: 'Pay' }).count()).toBe(0);
      expect(await cancelled.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
      expect(await cancelled.getByRole('link', { name: `Buy again: ${part.name}` }).count()).toBe(1);
      expect(await seriousAccessibilityProblems(page)).toEqual([]);
      await screenshot(page, `my-order-cancelled-${size}`);

      // The filter is in the address: the page opens on it again.
      await page.reload();
      await rowOf(page, po).getByText('Cancelled', { exact: true }).waitFor();
      expect(await page.getByLabel('Show').inputValue()).toBe('cancelled');
      await page.getByLabel('Show').selectOption({ label: 'Orders' });
      await page.getByRole('heading', { level: 1, name: 'My Order' }).waitFor();
      await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBeNull();
      await expect.poll(() => rowOf(page, po).count()).toBe(0);
    }
  });

  it('still reads the cancelled order, and its payment page takes no card', async () => {
    const id = await placed('PO-CANCEL-PAY', 10);
    expect(
      (await api(`/api/purchaseById/${id}`, { method: 'DELETE', token: await tokenOf(buyer) })).status,
    ).toBe(200);
    const read = await api(`/api/purchaseById/${id}`, { token: await tokenOf(buyer) });
    expect(read.json).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(String) });
    const page = await signedIn(`/dashboard/payment/${id}`, buyer, PHONE);
    await page
      .getByRole('alert')
      .filter({ hasText: 'This order was cancelled: it cannot be paid.' })
      .waitFor();
    expect(await page.getByLabel('Card number').count()).toBe(0);
    await screenshot(page, 'payment-cancelled-phone');
  });
});

describe('an admin', () => {
  it("sees a deleted order under Manage All Order's Show: Cancelled orders, with nothing to delete", async () => {
    await placed('PO-CANCEL-ADMIN', 15);
    const page = await signedIn('/dashboard/manage-all-order', admin);
    await page.getByRole('heading', { level: 1, name: 'Manage All Order' }).waitFor();
    await rowOf(page, 'PO-CANCEL-ADMIN')
      .getByRole('button', { name: /^Delete the order of/ })
      .click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => rowOf(page, 'PO-CANCEL-ADMIN').count()).toBe(0);
    await page.getByLabel('Show').selectOption({ label: 'Cancelled orders' });
    const row = rowOf(page, 'PO-CANCEL-ADMIN');
    await row.getByText('Cancelled', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /^Delete the order of/ }).count()).toBe(0);
    // The buyer's own cancels are there too.
    await rowOf(page, 'PO-CANCEL-desktop').waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'manage-all-order-cancelled-desktop');
  });
});
