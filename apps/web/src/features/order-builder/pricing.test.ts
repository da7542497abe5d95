import { OUT_OF_RANGE_MESSAGE } from '@shop/contract/order-limits';
import { describe, expect, it } from 'vitest';
import { priceLine, typedPieces } from '../../lib/pricing';
import {
  checkLine,
  DUPLICATE_PART_MESSAGE,
  NOT_WHOLE_MESSAGE,
  OBSOLETE_PART_MESSAGE,
  orderTotals,
  referenceProblem,
  UNKNOWN_PART_MESSAGE,
} from './pricing';

const part = {
  name: 'Flux pen',
  order_multiple: 1,
  price_per_piece: 10,
  available_quantity: 1000,
  min_order_quantity: 10,
  price_breaks: [
    { min_quantity: 100, price_per_piece: 8 },
    { min_quantity: 500, price_per_piece: 7 },
  ],
};

describe('pricing a builder line', () => {
  it('pays the highest break the quantity reaches and tells the saving', () => {
    expect(priceLine(part, 99)).toEqual({ quantity: 99, unitPrice: 10, price: 990, saving: 0 });
    expect(priceLine(part, 100)).toEqual({ quantity: 100, unitPrice: 8, price: 800, saving: 200 });
    expect(priceLine(part, 600)).toEqual({ quantity: 600, unitPrice: 7, price: 4200, saving: 1800 });
  });

  it('reads typed quantities as whole pieces only', () => {
    expect(typedPieces(' 25 ')).toBe(25);
    for (const typed of ['', '0', '2.5', '-3', '1e3', 'ten', '99999999999'])
      expect(typedPieces(typed)).toBe(undefined);
  });

  it('checks a line as typed: unknown part, not whole, out of range, duplicate', () => {
    expect(checkLine(null, '20', false)).toEqual({ problem: UNKNOWN_PART_MESSAGE });
    expect(checkLine(part, '2.5', false)).toEqual({ problem: NOT_WHOLE_MESSAGE });
    expect(checkLine(part, '9', false)).toEqual({ problem: OUT_OF_RANGE_MESSAGE });
    expect(checkLine(part, '1001', false)).toEqual({ problem: OUT_OF_RANGE_MESSAGE });
    expect(checkLine(part, '20', true)).toEqual({ problem: DUPLICATE_PART_MESSAGE });
    expect(checkLine(undefined, '20', false)).toEqual({ loading: true });
    expect(checkLine(part, '1000', false)).toEqual({
      priced: { quantity: 1000, unitPrice: 7, price: 7000, saving: 3000 },
    });
  });

  it("checks the part's order multiple before its range, in the API's words", () => {
    const pack = { ...part, order_multiple: 50 };
    expect(checkLine(pack, '120', false)).toEqual({
      problem: 'Quantity of Flux pen must be a multiple of 50',
    });
    expect(checkLine(pack, '1050', false)).toEqual({ problem: OUT_OF_RANGE_MESSAGE });
    expect(checkLine(pack, '150', false)).toEqual({
      priced: { quantity: 150, unitPrice: 8, price: 1200, saving: 300 },
    });
  });

  it('totals the priced lines only', () => {
    const lines = [checkLine(part, '10', false), checkLine(part, '100', false), checkLine(part, '9', false)];
    expect(orderTotals(lines)).toEqual({ total: 900, saving: 200 });
  });
});

describe('an obsolete part in the builder', () => {
  it('cannot be ordered, whatever the quantity', () => {
    const part = {
      name: 'Old tip',
      order_multiple: 1,
      price_per_piece: 5,
      available_quantity: 100,
      min_order_quantity: 1,
      price_breaks: [],
    };
    expect(checkLine({ ...part, lifecycle: 'obsolete' }, '5', false)).toEqual({
      problem: OBSOLETE_PART_MESSAGE,
    });
    expect(checkLine({ ...part, lifecycle: 'nrnd' }, '5', false)).toHaveProperty('priced');
  });
});

describe("a line's reference", () => {
  it('may be empty or up to 40 characters once trimmed; a longer one is marked, never cut', () => {
    expect(referenceProblem('')).toBeUndefined();
    expect(referenceProblem(`  ${'R'.repeat(40)}  `)).toBeUndefined();
    expect(referenceProblem('R'.repeat(41))).toBe('A reference is at most 40 characters; this one has 41.');
  });
});
