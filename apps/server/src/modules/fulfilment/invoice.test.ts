import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, signUpAdmin, type TestAccount } from '../../test-support/accounts.js';
import { paidOrder } from '../../test-support/invoice-orders.js';
import { pdfText } from '../../test-support/pdf-text.js';
import { createTestShop, type TestShop } from '../../test-support/test-app.js';
import { shipmentText } from '../invoices/index.js';

/** The invoice says where the order's shipment is: not shipped yet, shipped (carrier, tracking), delivered. */
describe('the invoice line about the shipment', () => {
  it('says not shipped yet, shipped by whom with which tracking number, or delivered when', () => {
    expect(shipmentText({ status: 'unfulfilled' })).toBe('Shipment: not shipped yet');
    const shipped = {
      status: 'shipped' as const,
      carrier: 'DHL Express',
      trackingNumber: 'JD0146',
      shippedAt: '2026-11-20T09:15:00.000Z',
    };
    expect(shipmentText(shipped)).toBe(
      'Shipment: shipped on 2026-11-20 by DHL Express, tracking number JD0146',
    );
    expect(shipmentText({ ...shipped, status: 'delivered', deliveredAt: '2026-11-23T16:00:00.000Z' })).toBe(
      'Shipment: delivered on 2026-11-23 (shipped on 2026-11-20 by DHL Express, tracking number JD0146)',
    );
  });
});

let shop: TestShop;
let admin: TestAccount;
let buyer: TestAccount;

beforeAll(async () => {
  shop = await createTestShop({ demo: false });
  admin = await signUpAdmin(shop.app, shop.database.db);
  buyer = await signUp(shop.app);
});
afterAll(async () => {
  await shop.close();
});

describe('GET /api/purchaseById/{id}/invoice and fulfilment', () => {
  it('carries the fulfilment status as it is when the invoice is fetched', async () => {
    const { orderId } = await paidOrder(shop.app, { admin, buyer });
    const invoiceText = async () =>
      pdfText(
        (
          await shop.app.inject({
            method: 'GET',
            url: `/api/purchaseById/${orderId}/invoice`,
            headers: bearer(buyer),
          })
        ).rawPayload,
      );
    expect(await invoiceText()).toContain('Shipment: not shipped yet');
    const res = await shop.app.inject({
      method: 'PUT',
      url: `/api/purchaseById/${orderId}/fulfilment`,
      headers: bearer(admin),
      payload: { status: 'shipped', carrier: 'DHL Express', trackingNumber: 'JD0146' },
    });
    expect(res.statusCode).toBe(200);
    const day = (res.json().fulfilment.shippedAt as string).slice(0, 10);
    expect(await invoiceText()).toContain(
      `Shipment: shipped on ${day} by DHL Express, tracking number JD0146`,
    );
  });
});
