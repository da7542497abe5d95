import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  matchedLineProblems,
  neededQuantity,
  type OrderRounding,
  orderQuantityFor,
  readQuantity,
} from './bom.js';
import { unitPriceFor } from './parts.js';

const cost = (rounding: OrderRounding, quantity: number) =>
  quantity * unitPriceFor({ price_per_piece: rounding.price, price_breaks: rounding.priceBreaks }, quantity);

/** A part's minimum, multiple, price and breaks as the catalog's rules allow them (rising quantities, falling prices). */
const roundingArb = fc
  .record({
    needed: fc.integer({ min: 1, max: 2000 }),
    minimum: fc.integer({ min: 1, max: 300 }),
    multiple: fc.integer({ min: 1, max: 50 }),
    price: fc.integer({ min: 2, max: 200 }),
    steps: fc.array(
      fc.record({ up: fc.integer({ min: 1, max: 400 }), cut: fc.integer({ min: 1, max: 20 }) }),
      {
        maxLength: 5,
      },
    ),
  })
  .map(({ needed, minimum, multiple, price, steps }) => {
    const priceBreaks = [];
    let quantity = minimum;
    let unit = price;
    for (const step of steps) {
      quantity += step.up;
      unit -= step.cut;
      if (unit < 1) break;
      priceBreaks.push({ min_quantity: quantity, price_per_piece: unit });
    }
    return { needed, minimum, multiple, price, priceBreaks } satisfies OrderRounding;
  });

/** The quantity a buyer would pick by trying every one: the cheapest allowed, of equal prices the most pieces. */
function bruteForce(rounding: OrderRounding): number {
  const { needed, minimum, multiple, priceBreaks } = rounding;
  const last = Math.max(needed, minimum, ...priceBreaks.map((tier) => tier.min_quantity));
  let best = 0;
  let bestCost = Number.POSITIVE_INFINITY;
  for (let quantity = multiple; quantity <= last + multiple; quantity += multiple) {
    if (quantity < needed || quantity < minimum) continue;
    const price = cost(rounding, quantity);
    if (price < bestCost || (price === bestCost && quantity > best)) {
      best = quantity;
      bestCost = price;
    }
  }
  return best;
}

describe('the order quantity of a BOM line', () => {
  it('raises to the minimum, then to the multiple', () => {
    const part = { minimum: 10, multiple: 1, price: 5, priceBreaks: [] };
    expect(orderQuantityFor({ ...part, needed: 3 })).toBe(10);
    expect(orderQuantityFor({ ...part, needed: 13 })).toBe(13);
    expect(orderQuantityFor({ ...part, needed: 13, multiple: 4 })).toBe(16);
    expect(orderQuantityFor({ ...part, needed: 3, multiple: 4 })).toBe(12);
    expect(orderQuantityFor({ ...part, needed: 0 })).toBe(0);
  });

  it('goes up to a price break when that costs no more', () => {
    const part = {
      minimum: 10,
      multiple: 1,
      price: 5,
      priceBreaks: [
        { min_quantity: 100, price_per_piece: 4 },
        { min_quantity: 500, price_per_piece: 3 },
      ],
    };
    // 80 × 5 = 400 = 100 × 4: the same money, more pieces.
    expect(orderQuantityFor({ ...part, needed: 80 })).toBe(100);
    // 79 × 5 = 395 < 400.
    expect(orderQuantityFor({ ...part, needed: 79 })).toBe(79);
    expect(orderQuantityFor({ ...part, needed: 95 })).toBe(100);
    // 400 × 4 = 1600 > 500 × 3 = 1500.
    expect(orderQuantityFor({ ...part, needed: 400 })).toBe(500);
    // Not past the stock.
    expect(orderQuantityFor({ ...part, needed: 400, available: 450 })).toBe(400);
  });

  it('is allowed, covers the need, and costs no more than any other allowed quantity', () => {
    fc.assert(
      fc.property(roundingArb, (rounding) => {
        const quantity = orderQuantityFor(rounding);
        expect(quantity).toBeGreaterThanOrEqual(rounding.needed);
        expect(quantity).toBeGreaterThanOrEqual(rounding.minimum);
        expect(quantity % rounding.multiple).toBe(0);
        expect(quantity).toBe(bruteForce(rounding));
      }),
    );
  });

  it('never reaches for a break past the stock, and needs no more than the minimum and multiple ask', () => {
    fc.assert(
      fc.property(roundingArb, fc.integer({ min: 0, max: 3000 }), (rounding, available) => {
        const plain =
          Math.ceil(Math.max(rounding.needed, rounding.minimum) / rounding.multiple) * rounding.multiple;
        const quantity = orderQuantityFor({ ...rounding, available });
        expect(quantity === plain || quantity <= available).toBe(true);
        expect(cost(rounding, quantity)).toBeLessThanOrEqual(cost(rounding, plain));
      }),
    );
  });
});

describe('what the boards need', () => {
  it('multiplies by the boards, adds the attrition and rounds up', () => {
    expect(neededQuantity(2, 10, 0)).toBe(20);
    expect(neededQuantity(100, 1, 10)).toBe(110);
    expect(neededQuantity(3, 7, 5)).toBe(23); // 21 × 1.05 = 22.05
    expect(neededQuantity(0.5, 3, 0)).toBe(2);
    expect(neededQuantity(0, 10, 5)).toBe(0);
    expect(neededQuantity(1_000_000_000, 1_000_000, 100)).toBe(2e15);
  });

  it('is the exact ceiling of quantity × boards × (1 + attrition / 100)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (quantity, boards, hundredths) => {
          const exact = BigInt(quantity) * BigInt(boards) * BigInt(10_000 + hundredths);
          const expected = (exact + 9_999n) / 10_000n;
          expect(neededQuantity(quantity, boards, hundredths / 100)).toBe(Number(expected));
        },
      ),
    );
  });
});

describe("a matched line's problems", () => {
  it('tells a stock too small for the need from one too small for the rounded quantity', () => {
    expect(matchedLineProblems({ lifecycle: 'active', available_quantity: 50 }, 60, 60)).toEqual([
      'not_enough_stock',
    ]);
    expect(matchedLineProblems({ lifecycle: 'active', available_quantity: 50 }, 40, 60)).toEqual([
      'above_available',
    ]);
    expect(matchedLineProblems({ lifecycle: 'obsolete', available_quantity: 50 }, 40, 40)).toEqual([
      'obsolete',
    ]);
    expect(matchedLineProblems({ lifecycle: 'nrnd', available_quantity: 50 }, 40, 50)).toEqual([]);
  });
});

describe('a quantity cell', () => {
  it('reads numbers as spreadsheets write them', () => {
    expect(readQuantity('10')).toBe(10);
    expect(readQuantity(' 10 pcs')).toBe(10);
    expect(readQuantity('1,000')).toBe(1000);
    expect(readQuantity('1 000')).toBe(1000);
    expect(readQuantity('2.5')).toBe(2.5);
    expect(readQuantity('2,5')).toBe(2.5);
    expect(readQuantity('1.000,5')).toBe(1000.5);
    expect(readQuantity('0')).toBe(0);
  });

  it('refuses what is no number of pieces', () => {
    for (const cell of ['', 'abc', '-3', '1e5', '=A1*2', '10/2', 'NaN', '99999999999'])
      expect(readQuantity(cell)).toBeUndefined();
  });
});
