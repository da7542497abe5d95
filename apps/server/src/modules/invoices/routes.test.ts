import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, signUpAdmin, type TestAccount } from '../../test-support/accounts.js';
import { paidOrder, placeOrder } from '../../test-support/invoice-orders.js';
import { pdfText, squeezed } from '../../test-support/pdf-text.js';
import { createTestShop, type TestShop } from '../../test-support/test-app.js';
import { invoiceFor } from './service.js';

let shop: TestShop;
let admin: TestAccount;
let buyer: TestAccount;
let other: TestAccount;
let paid: { orderId: string; paymentId: string };

const NAME = 'Zoë Łukasiewicz Ωμέγα Привет রহমান';
const ADDRESS = 'Plot 7, CEPZ, Chattogram — Ünterstraße 5, Θεσσαλονίκη, Київ';
const PART = 'Clé dynamométrique Ключ Δ-7';

beforeAll(async () => {
  shop = await createTestShop({ demo: false });
  admin = await signUpAdmin(shop.app, shop.database.db);
  buyer = await signUp(shop.app, { name: NAME });
  other = await signUp(shop.app);
  paid = await paidOrder(
    shop.app,
    { admin, buyer },
    { partName: PART, price: 8, quantity: 1234, address: ADDRESS },
  );
});
afterAll(async () => {
  await shop.close();
});

const invoice = (orderId: string, who: TestAccount | null, headers: Record<string, string> = {}) =>
  shop.app.inject({
    method: 'GET',
    url: `/api/purchaseById/${orderId}/invoice`,
    headers: { ...(who ? bearer(who) : {}), ...headers },
  });

const paidAtOf = async (orderId: string) =>
  (
    await shop.database.db
      .selectFrom('orders')
      .select('paid_at')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
  ).paid_at ?? '';

describe('GET /api/purchaseById/{id}/invoice', () => {
  it('gives the buyer a PDF with the shop, the number, the dates, the buyer, the part, the money and the payment', async () => {
    const res = await invoice(paid.orderId, buyer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="invoice-INV-000001.pdf"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const text = await pdfText(res.rawPayload);
    const paidAt = await paidAtOf(paid.orderId);
    for (const value of [
      'Electronics Tools Manufacturers',
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

  it('gives admins the same invoice, and the order tells its number', async () => {
    const res = await invoice(paid.orderId, admin);
    expect(res.statusCode).toBe(200);
    expect(await pdfText(res.rawPayload)).toContain('INV-000001');
    const order = await shop.app.inject({
      method: 'GET',
      url: `/api/purchaseById/${paid.orderId}`,
      headers: bearer(buyer),
    });
    expect(order.json()).toMatchObject({ paymentId: paid.paymentId, invoiceNumber: 'INV-000001' });
    const list = await shop.app.inject({
      method: 'GET',
      url: `/api/purchaseByEmail?email=${buyer.email}`,
      headers: bearer(buyer),
    });
    expect(list.json()).toEqual([
      expect.objectContaining({ _id: paid.orderId, invoiceNumber: 'INV-000001' }),
    ]);
  });

  it('refuses visitors, garbage tokens and other buyers, whatever the order', async () => {
    const unpaid = await placeOrder(shop.app, { admin, buyer });
    for (const orderId of [paid.orderId, unpaid]) {
      expect((await invoice(orderId, null)).statusCode).toBe(401);
      expect((await invoice(orderId, null, { authorization: 'Bearer not.a.token' })).statusCode).toBe(401);
      const refused = await invoice(orderId, other);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('forbidden');
    }
  });

  it('answers 404 for an unknown order and 400 for a malformed id', async () => {
    const unknown = await invoice('01900000-0000-7000-8000-000000000000', buyer);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
    for (const bad of ['not-an-id', '1%20or%201=1', `${'a'.repeat(300)}`, '%E2%80%AE']) {
      const res = await invoice(bad, admin);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code).toBe('validation');
    }
  });

  it('answers 409 while the order is unpaid, and the order has no number', async () => {
    const unpaid = await placeOrder(shop.app, { admin, buyer });
    for (const who of [buyer, admin]) {
      const res = await invoice(unpaid, who);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({
        code: 'conflict',
        message: 'This order is not paid yet: it has no invoice',
      });
    }
    const order = await shop.app.inject({
      method: 'GET',
      url: `/api/purchaseById/${unpaid}`,
      headers: bearer(buyer),
    });
    expect(order.json()).not.toHaveProperty('invoiceNumber');
  });

  it('still makes the invoice when a name holds characters no font of the shop has', async () => {
    const stranger = await signUp(shop.app, { name: '李小龍 🛠️ Ægir' });
    const order = await paidOrder(shop.app, { admin, buyer: stranger }, { partName: 'Soldering 🔥 station' });
    const res = await invoice(order.orderId, stranger);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Ægir');
    expect(text).toContain(stranger.email);
  });
});

describe('the API document', () => {
  it('describes the invoice as a PDF and its refusals', async () => {
    const doc = (await shop.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const route = doc.paths['/api/purchaseById/{id}/invoice'].get;
    expect(route.responses['200'].content).toEqual({
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    });
    expect(Object.keys(route.responses).sort()).toEqual(['200', '400', '401', '403', '404', '409']);
    expect(route.security).toEqual([{ bearer: [] }]);
  });
});

describe('invoiceFor', () => {
  it('answers the number, the file name and the PDF of a paid order, and nothing for others', async () => {
    const found = await invoiceFor(shop.database.db, paid.orderId);
    expect(found?.number).toBe('INV-000001');
    expect(found?.filename).toBe('invoice-INV-000001.pdf');
    expect(await pdfText(found?.pdf ?? new Uint8Array())).toContain(paid.paymentId);
    const unpaid = await placeOrder(shop.app, { admin, buyer });
    expect(await invoiceFor(shop.database.db, unpaid)).toBeUndefined();
    expect(await invoiceFor(shop.database.db, '01900000-0000-7000-8000-000000000000')).toBeUndefined();
    expect(await invoiceFor(shop.database.db, 'not an id')).toBeUndefined();
  });
});
