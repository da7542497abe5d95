import { describe, expect } from 'vitest';
import { DEMO_SELLER } from '../../seller-config.js';
import { signUp } from '../../test-support/accounts.js';
import { type Caller, test as shopTest } from '../../test-support/fixture.js';
import { paidOrder, placeOrder } from '../../test-support/invoice-orders.js';
import { pdfText, squeezed } from '../../test-support/pdf-text.js';
import type { TestShop } from '../../test-support/test-app.js';
import { invoiceFor } from './service.js';

const NAME = 'Zoë Łukasiewicz Ωμέγα Привет রহমান';
const ADDRESS = 'Plot 7, CEPZ, Chattogram — Ünterstraße 5, Θεσσαλονίκη, Київ';
const PART = 'Clé dynamométrique Ключ Δ-7';

/**
 * The file's shop and admin, its buyer (of a name in many scripts), another buyer, and the buyer's
 * paid order: the shop's first, made before any test.
 */
const test = shopTest
  .override('buyer', ({ shop }) => signUp(shop.app, { name: NAME }))
  .extend('other', { scope: 'file' }, ({ shop }) => signUp(shop.app))
  .extend('paid', { scope: 'file', auto: true }, ({ shop, admin, buyer }) =>
    paidOrder(shop.app, { admin, buyer }, { partName: PART, price: 8, quantity: 1234, address: ADDRESS }),
  );

const deps = (shop: TestShop) => ({ db: shop.database.db, seller: shop.config.seller });

const invoice = (caller: Caller, orderId: string, headers: Record<string, string> = {}) =>
  caller.get(`/api/purchaseById/${orderId}/invoice`, headers);

const paidAtOf = async (shop: TestShop, orderId: string) =>
  (
    await shop.database.db
      .selectFrom('orders')
      .select('paid_at')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
  ).paid_at ?? '';

describe('GET /api/purchaseById/{id}/invoice', () => {
  test('gives the buyer a PDF with the shop, the number, the dates, the buyer, the part, the money and the payment', async ({
    shop,
    as,
    buyer,
    paid,
  }) => {
    const res = await invoice(as(buyer), paid.orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="invoice-INV-000001.pdf"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const text = await pdfText(res.rawPayload);
    const paidAt = await paidAtOf(shop, paid.orderId);
    for (const value of [
      'Electronics Tools Manufacturers',
      // No SELLER_* setting outside production: the quick start's demo seller.
      DEMO_SELLER.legalName ?? '',
      `Tax ID: ${DEMO_SELLER.taxId}`,
      'IBAN: GB33 BUKB 2020 1555 5555 55',
      'INV-000001',
      `Date: ${paidAt.slice(0, 10)}`,
      `Paid by card on ${paidAt.slice(0, 10)} ${paidAt.slice(11, 16)} UTC`,
      'Zoë Łukasiewicz Ωμέγα Привет রহমান',
      buyer.email,
      '+880 1819 000111',
      PART,
      '1,234 pcs',
      '$8',
      '$9,872',
      'Payment id:',
      paid.paymentId,
    ]) {
      expect(text, value).toContain(value);
    }
    // The address is long enough to wrap.
    expect(squeezed(text)).toContain(squeezed(ADDRESS));
  });

  test('gives admins the same invoice, and the order tells its number', async ({
    as,
    admin,
    buyer,
    paid,
  }) => {
    const res = await invoice(as(admin), paid.orderId);
    expect(res.statusCode).toBe(200);
    expect(await pdfText(res.rawPayload)).toContain('INV-000001');
    const order = await as(buyer).get(`/api/purchaseById/${paid.orderId}`);
    expect(order.json()).toMatchObject({ paymentId: paid.paymentId, invoiceNumber: 'INV-000001' });
    const list = await as(buyer).get(`/api/purchaseByEmail?email=${buyer.email}`);
    expect(list.json()).toEqual([
      expect.objectContaining({ _id: paid.orderId, invoiceNumber: 'INV-000001' }),
    ]);
  });

  test('refuses visitors, garbage tokens and other buyers, whatever the order', async ({
    shop,
    as,
    admin,
    buyer,
    other,
    paid,
  }) => {
    const unpaid = await placeOrder(shop.app, { admin, buyer });
    for (const orderId of [paid.orderId, unpaid]) {
      expect((await invoice(as(null), orderId)).statusCode).toBe(401);
      expect((await invoice(as(null), orderId, { authorization: 'Bearer not.a.token' })).statusCode).toBe(
        401,
      );
      const refused = await invoice(as(other), orderId);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('forbidden');
    }
  });

  test('answers 404 for an unknown order and 400 for a malformed id', async ({ as, admin, buyer }) => {
    const unknown = await invoice(as(buyer), '01900000-0000-7000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
    for (const bad of ['not-an-id', '1%20or%201=1', `${'a'.repeat(300)}`, '%E2%80%AE']) {
      const res = await invoice(as(admin), bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code).toBe('validation');
    }
  });

  test('answers 409 while the order is unpaid, and the order has no number', async ({
    shop,
    as,
    admin,
    buyer,
  }) => {
    const unpaid = await placeOrder(shop.app, { admin, buyer });
    for (const who of [buyer, admin]) {
      const res = await invoice(as(who), unpaid);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({
        code: 'conflict',
        message: 'This order is not paid yet: it has no invoice',
      });
    }
    const order = await as(buyer).get(`/api/purchaseById/${unpaid}`);
    expect(order.json()).not.toHaveProperty('invoiceNumber');
  });

  test('still makes the invoice when a name holds characters no font of the shop has', async ({
    shop,
    as,
    admin,
  }) => {
    const stranger = await signUp(shop.app, { name: '李小龍 🛠️ Ægir' });
    const order = await paidOrder(shop.app, { admin, buyer: stranger }, { partName: 'Soldering 🔥 station' });
    const res = await invoice(as(stranger), order.orderId);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Ægir');
    expect(text).toContain(stranger.email);
  });
});

describe('the API document', () => {
  test('describes the invoice as a PDF and its refusals', async ({ as }) => {
    const doc = (await as(null).get('/api/docs/json')).json();
    const route = doc.paths['/api/purchaseById/{id}/invoice'].get;
    expect(route.responses['200'].content).toEqual({
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    });
    expect(Object.keys(route.responses).sort()).toEqual(['200', '400', '401', '403', '404', '409']);
    expect(route.security).toEqual([{ bearer: [] }]);
  });
});

describe('invoiceFor', () => {
  test('answers the number, the file name and the PDF of a paid order, and nothing for others', async ({
    shop,
    admin,
    buyer,
    paid,
  }) => {
    const found = await invoiceFor(deps(shop), paid.orderId);
    expect(found?.number).toBe('INV-000001');
    expect(found?.filename).toBe('invoice-INV-000001.pdf');
    expect(await pdfText(found?.pdf ?? new Uint8Array())).toContain(paid.paymentId);
    const unpaid = await placeOrder(shop.app, { admin, buyer });
    expect(await invoiceFor(deps(shop), unpaid)).toBeUndefined();
    expect(await invoiceFor(deps(shop), '01900000-0000-7000-8000-000000000000')).toBeUndefined();
    expect(await invoiceFor(deps(shop), 'not an id')).toBeUndefined();
  });
});
