import type { Order } from '@shop/contract/orders';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { awaitsShipment } from './fulfilment';
import { OrderTimeline, orderSteps } from './order-timeline';

const order: Order = {
  _id: '01900000-0000-7000-8000-000000000001',
  number: 'SO-000001',
  userName: 'Karnaphuli Assemblies',
  email: 'buyer@example.com',
  partsId: '01900000-0000-7000-8000-0000000000aa',
  partsName: 'Crimping Tool',
  price: 180,
  quantity: 20,
  lines: [],
  mobile: '+880 1819 000111',
  address: 'Dhaka',
  createdAt: '2026-11-20T09:00:00.000Z',
  fulfilment: { status: 'unfulfilled', shipments: [] },
  shipComplete: false,
};
const paid: Order = { ...order, paymentId: 'pi_1', paidAt: '2026-11-20T09:05:00.000Z' };
const shipped: Order = {
  ...paid,
  fulfilment: {
    status: 'shipped',
    carrier: 'DHL Express',
    trackingNumber: 'JD0146',
    shippedAt: '2026-11-21T10:00:00.000Z',
    shipments: [],
  },
};
const delivered: Order = {
  ...shipped,
  fulfilment: { ...shipped.fulfilment, status: 'delivered', deliveredAt: '2026-11-23T16:30:00.000Z' },
};

const summary = (o: Order) => orderSteps(o).map((step) => [step.label, step.at ?? null, step.done]);

describe("an order's timeline", () => {
  it('shows placed, then what is still to come, greyed', () => {
    expect(summary(order)).toEqual([
      ['Placed', order.createdAt, true],
      ['Not paid yet', null, false],
      ['Not shipped yet', null, false],
      ['Not delivered yet', null, false],
    ]);
  });

  it('shows paid, shipped and delivered with their moments as they happen', () => {
    expect(summary(paid).slice(1)).toEqual([
      ['Payment received', paid.paidAt, true],
      ['Not shipped yet', null, false],
      ['Not delivered yet', null, false],
    ]);
    expect(summary(delivered).slice(1)).toEqual([
      ['Payment received', paid.paidAt, true],
      ['Shipped', '2026-11-21T10:00:00.000Z', true],
      ['Delivered', '2026-11-23T16:30:00.000Z', true],
    ]);
  });

  it('shows a net-30 order as invoiced, with its due day, and an expired one as expired', () => {
    expect(summary({ ...order, dueDate: '2026-12-20T09:00:00.000Z' })[1]).toEqual([
      'Invoiced, due 2026-12-20',
      null,
      true,
    ]);
    expect(summary({ ...order, expiredAt: '2026-11-21T09:00:00.000Z' })).toEqual([
      ['Placed', order.createdAt, true],
      ['Expired, not paid in time', '2026-11-21T09:00:00.000Z', true],
    ]);
  });

  it('shows a cancelled order as cancelled, with its moment, and nothing to come', () => {
    const cancelledAt = '2026-11-20T11:00:00.000Z';
    expect(summary({ ...order, status: 'cancelled', cancelledAt })).toEqual([
      ['Placed', order.createdAt, true],
      ['Cancelled, not paid', cancelledAt, true],
    ]);
  });

  it('says an order shipped in part is partly shipped, not delivered yet', () => {
    const partly: Order = { ...shipped, fulfilment: { ...shipped.fulfilment, status: 'partially_shipped' } };
    expect(summary(partly).slice(2)).toEqual([
      ['Partly shipped', '2026-11-21T10:00:00.000Z', true],
      ['Not delivered yet', null, false],
    ]);
  });

  it("names the carrier and the tracking number, and when it shipped, in the reader's time zone", () => {
    const html = renderToStaticMarkup(<OrderTimeline order={shipped} />);
    expect(html).toContain('DHL Express');
    expect(html.replace(/<[^>]+>/g, '')).toContain('Tracking number JD0146');
    expect(html).toMatch(/<time dateTime="2026-11-21T10:00:00.000Z">2[12] Nov 2026, \d\d:\d\d<\/time>/);
  });
});

describe('which orders wait to be shipped', () => {
  it('is a paid or invoiced order not shipped yet, never an unpaid or expired one', () => {
    expect(awaitsShipment(paid)).toBe(true);
    expect(awaitsShipment({ ...order, dueDate: '2026-12-20T09:00:00.000Z' })).toBe(true);
    expect(awaitsShipment(order)).toBe(false);
    expect(awaitsShipment({ ...order, expiredAt: '2026-11-21T09:00:00.000Z' })).toBe(false);
    expect(awaitsShipment({ ...order, status: 'cancelled', cancelledAt: '2026-11-21T09:00:00.000Z' })).toBe(
      false,
    );
    expect(awaitsShipment(shipped)).toBe(false);
    expect(awaitsShipment(delivered)).toBe(false);
  });
});
