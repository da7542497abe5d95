import { describe, expect } from 'vitest';
import { test } from '../../test-support/fixture.js';
import { paidOrder } from '../../test-support/invoice-orders.js';
import { pdfText } from '../../test-support/pdf-text.js';
import { shipmentText } from '../invoices/index.js';

/** The invoice says where the order's shipment is: not shipped yet, shipped (carrier, tracking), delivered. */
describe('the invoice line about the shipment', () => {
  test('says not shipped yet, shipped by whom with which tracking number, or delivered when', () => {
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

describe('GET /api/purchaseById/{id}/invoice and fulfilment', () => {
  test('carries the fulfilment status as it is when the invoice is fetched', async ({
    shop,
    as,
    admin,
    buyer,
  }) => {
    const { orderId } = await paidOrder(shop.app, { admin, buyer });
    const invoiceText = async () =>
      pdfText((await as(buyer).get(`/api/purchaseById/${orderId}/invoice`)).rawPayload);
    expect(await invoiceText()).toContain('Shipment: not shipped yet');
    const res = await as(admin).put(`/api/purchaseById/${orderId}/fulfilment`, {
      status: 'shipped',
      carrier: 'DHL Express',
      trackingNumber: 'JD0146',
    });
    expect(res.statusCode).toBe(200);
    const day = (res.json().fulfilment.shippedAt as string).slice(0, 10);
    expect(await invoiceText()).toContain(
      `Shipment: shipped on ${day} by DHL Express, tracking number JD0146`,
    );
  });
});
