import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { aLine, anOrder } from '../../../test-support/orders';
import { OrderDelivery } from './order-delivery';

const waiting = {
  ...aLine({ partsId: 'p1', partsName: 'Crimping Tool', quantity: 2000, unitPrice: 1, price: 2000 }),
  allocated: 0,
  shipped: 600,
  backordered: 1400,
  expectedAt: '2027-01-12',
};
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe("My Order's pieces, shipments and money owed back", () => {
  const order = anOrder({
    paymentId: 'pi_1',
    lines: [waiting],
    fulfilment: {
      status: 'partially_shipped',
      shipments: [
        {
          _id: 's1',
          lines: [{ partsId: 'p1', quantity: 600 }],
          carrier: 'DHL Express',
          trackingNumber: 'JD0146',
          status: 'delivered',
          shippedAt: '2026-11-21T10:00:00.000Z',
          deliveredAt: '2026-11-23T16:30:00.000Z',
        },
      ],
    },
    adjustments: [{ kind: 'refund_due', amount: 200, createdAt: '2026-11-24T10:00:00.000Z' }],
  });

  it('lists each line, each shipment with its carrier, tracking number and lines, and the refund', () => {
    const shown = text(renderToStaticMarkup(<OrderDelivery order={order} onDrop={() => {}} />));
    expect(shown).toContain('Crimping Tool 1,400 waiting, expected 12 Jan 2027 · 600 shipped');
    expect(shown).toContain('Drop waiting pieces');
    expect(shown).toContain('Shipment 1: delivered DHL Express Tracking number JD0146');
    expect(shown).toContain('600 pcs Crimping Tool');
    expect(shown).toContain('Refund due $200');
  });

  it('offers no drop without a handler, and shows nothing for an order all set aside', () => {
    expect(renderToStaticMarkup(<OrderDelivery order={order} />)).not.toContain('Drop waiting pieces');
    const ready = anOrder({ lines: [{ ...waiting, allocated: 2000, shipped: 0, backordered: 0 }] });
    expect(renderToStaticMarkup(<OrderDelivery order={ready} onDrop={() => {}} />)).toBe('');
  });

  it('offers a credit note of an order invoiced on account as a paper to download', () => {
    const credited = anOrder({
      dueDate: '2026-12-24T00:00:00.000Z',
      lines: [{ ...waiting, backordered: 0, dropped: 1400 }],
      adjustments: [
        { kind: 'credit_note', amount: 1400, number: 'CN-000007', createdAt: '2026-11-24T10:00:00.000Z' },
      ],
    });
    const html = renderToStaticMarkup(<OrderDelivery order={credited} />);
    expect(html).toContain('aria-label="Download the credit note CN-000007 of order SO-000001');
    expect(text(html)).toContain('Credit note CN-000007');
  });
});
