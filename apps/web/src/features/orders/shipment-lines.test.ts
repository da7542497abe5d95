import type { Order } from '@shop/contract/orders';
import { describe, expect, it } from 'vitest';
import { aLine, anOrder } from '../../test-support/orders';
import {
  defaultParcel,
  listsParcels,
  parcelText,
  pieceCountsText,
  shipmentBody,
  shipsWhole,
  takesParcel,
} from './shipment-lines';

const line = (partsId: string, quantity: number, pieces: Partial<Order['lines'][number]> = {}) => ({
  ...aLine({ partsId, partsName: `Part ${partsId}`, quantity, unitPrice: 2, price: quantity * 2 }),
  ...pieces,
});
const paid = (fields: Partial<Order>) => anOrder({ paymentId: 'pi_1', ...fields });
const waiting = paid({
  lines: [line('a1', 1000, { allocated: 600, backordered: 400 }), line('b2', 20)],
});
const shipment = (id: string) => ({
  _id: id,
  lines: [{ partsId: 'a1', quantity: 100 }],
  carrier: 'DHL',
  trackingNumber: `T-${id}`,
  status: 'shipped' as const,
  shippedAt: '2026-11-03T10:00:00.000Z',
});

describe('which orders take a parcel, and which ship whole', () => {
  it('takes a parcel of a paid or invoiced order with pieces allocated, while some pieces wait', () => {
    expect(takesParcel(waiting)).toBe(true);
    expect(shipsWhole(waiting)).toBe(false);
    expect(takesParcel({ ...waiting, paymentId: undefined })).toBe(false);
    expect(takesParcel({ ...waiting, paymentId: undefined, dueDate: '2026-12-01T00:00:00.000Z' })).toBe(true);
  });

  it('ships an order with nothing waiting whole, or in parcels', () => {
    const ready = paid({ lines: [line('a1', 10)] });
    expect(shipsWhole(ready)).toBe(true);
    expect(takesParcel(ready)).toBe(true);
  });

  it('takes no parcel with nothing allocated, once shipped whole, or while an order that ships complete waits', () => {
    const nothingHere = paid({ lines: [line('a1', 10, { allocated: 0, backordered: 10 })] });
    expect(takesParcel(nothingHere)).toBe(false);
    expect(takesParcel({ ...waiting, shipComplete: true })).toBe(false);
    expect(takesParcel({ ...waiting, fulfilment: { status: 'shipped', shipments: [] } })).toBe(false);
    expect(takesParcel({ ...waiting, status: 'cancelled' })).toBe(false);
    const inPart = { ...waiting, fulfilment: { status: 'partially_shipped' as const, shipments: [] } };
    expect(takesParcel(inPart)).toBe(true);
    expect(shipsWhole(inPart)).toBe(false);
  });
});

describe('listsParcels', () => {
  it('lists the parcels of an order shipped in part or in several, not of one shipped whole', () => {
    expect(listsParcels({ fulfilment: { status: 'shipped', shipments: [shipment('1')] } })).toBe(false);
    expect(listsParcels({ fulfilment: { status: 'partially_shipped', shipments: [shipment('1')] } })).toBe(
      true,
    );
    expect(
      listsParcels({ fulfilment: { status: 'shipped', shipments: [shipment('1'), shipment('2')] } }),
    ).toBe(true);
  });
});

describe('the Ship form', () => {
  it('opens with every allocated piece of the lines that have any', () => {
    expect(defaultParcel(waiting)).toEqual(['600', '20']);
  });

  it('sends the lines with pieces in the parcel', () => {
    expect(shipmentBody(waiting, { quantities: [400, 0], carrier: 'DHL', trackingNumber: 'JD0001' })).toEqual(
      { lines: [{ partsId: 'a1', quantity: 400 }], carrier: 'DHL', trackingNumber: 'JD0001' },
    );
  });

  it('tells where the pieces stand and what a parcel holds', () => {
    expect(pieceCountsText(waiting)).toBe('620 ready, 400 waiting');
    expect(pieceCountsText(paid({ lines: [line('a1', 1200, { allocated: 0, shipped: 1200 })] }))).toBe(
      '1,200 shipped',
    );
    expect(
      parcelText(waiting, [
        { partsId: 'a1', quantity: 1000 },
        { partsId: 'zz', quantity: 2 },
      ]),
    ).toBe('1,000 × Part a1; 2 × a part no longer listed');
  });
});
