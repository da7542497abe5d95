import type { Order } from '@shop/contract/orders';
import { describe, expect, it } from 'vitest';
import { aLine } from '../../test-support/orders';
import { buyAgain, moreParts, morePartsText, orderQuantityText } from './order-lines';

const line = (partsId: string, quantity: number, unitPrice: number) =>
  aLine({ partsId, partsName: `Part ${partsId}`, quantity, unitPrice, price: quantity * unitPrice });
const oneLine: Pick<Order, 'partsId' | 'quantity' | 'lines'> = {
  partsId: 'a1',
  quantity: 20,
  lines: [line('a1', 20, 9)],
};
const threeLines: Pick<Order, 'partsId' | 'quantity' | 'lines'> = {
  partsId: 'a1',
  quantity: 20,
  lines: [line('a1', 20, 9), line('b2', 100, 4), line('c3', 5, 120)],
};

describe("an order's lines as the order tables show them", () => {
  it('names no more parts for a one-line order, and counts the others for several', () => {
    expect(moreParts(oneLine)).toBe(0);
    expect(moreParts(threeLines)).toBe(2);
    expect(moreParts({ lines: [] })).toBe(0);
    expect(morePartsText(1)).toBe('+ 1 more part');
    expect(morePartsText(2)).toBe('+ 2 more parts');
  });

  it("shows a one-line order's pieces, and for several lines how many parts, never their pieces added up", () => {
    expect(orderQuantityText(oneLine)).toBe('20 pcs');
    expect(orderQuantityText(threeLines)).toBe('3 parts');
  });
});

describe('Buy again', () => {
  it("opens a one-line order's purchase page with its quantity, as before", () => {
    expect(buyAgain(oneLine)).toEqual({ kind: 'purchase', href: '/purchase/a1?quantity=20' });
  });

  it("puts every line of an order of several into the order builder, in the order's order", () => {
    expect(buyAgain(threeLines)).toEqual({
      kind: 'builder',
      lines: [
        { partsId: 'a1', quantity: 20 },
        { partsId: 'b2', quantity: 100 },
        { partsId: 'c3', quantity: 5 },
      ],
    });
  });
});
