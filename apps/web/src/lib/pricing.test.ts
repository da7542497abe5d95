import { OUT_OF_RANGE_MESSAGE } from '@shop/contract/order-limits';
import { MAX_QUANTITY } from '@shop/contract/part-pricing';
import { describe, expect, it } from 'vitest';
import { quantityCap, quantityProblem, steppedQuantity } from './pricing';

const reel = {
  name: 'Resistor reel 0603',
  price_per_piece: 1,
  available_quantity: 20_000,
  min_order_quantity: 120,
  order_multiple: 5000,
  price_breaks: [],
};

describe("a quantity's problem, as the API words it", () => {
  it('names the multiple first, then the range (SPEC), and has none for a multiple in range', () => {
    expect(quantityProblem(reel, 4999)).toBe('Quantity of Resistor reel 0603 must be a multiple of 5,000');
    expect(quantityProblem(reel, 25_000)).toBe(OUT_OF_RANGE_MESSAGE);
    expect(quantityProblem({ ...reel, min_order_quantity: 10_000 }, 5000)).toBe(OUT_OF_RANGE_MESSAGE);
    expect(quantityProblem(reel, 5000)).toBeUndefined();
    expect(quantityProblem(reel, 20_000)).toBeUndefined();
    expect(quantityProblem({ ...reel, order_multiple: 1 }, 121)).toBeUndefined();
  });
});

describe('a backorderable part', () => {
  it('takes any quantity from its minimum, above its stock too; others keep the range (SPEC)', () => {
    const waits = { ...reel, backorderable: true };
    expect(quantityProblem(waits, 25_000)).toBeUndefined();
    expect(quantityProblem({ ...waits, available_quantity: 0 }, 5000)).toBeUndefined();
    expect(quantityProblem({ ...waits, min_order_quantity: 10_000 }, 5000)).toBe(OUT_OF_RANGE_MESSAGE);
    expect(quantityCap(waits)).toBe(MAX_QUANTITY);
    expect(quantityCap(reel)).toBe(20_000);
  });
});

describe('stepping a quantity by the order multiple', () => {
  const pack = { min_order_quantity: 30, order_multiple: 25 };
  it('goes to the next multiple up or down, never below the least order (the minimum in multiples)', () => {
    expect(steppedQuantity(pack, '50', 1)).toBe(75);
    expect(steppedQuantity(pack, '60', 1)).toBe(75);
    expect(steppedQuantity(pack, '60', -1)).toBe(50);
    expect(steppedQuantity(pack, '75', -1)).toBe(50);
    expect(steppedQuantity(pack, '50', -1)).toBe(50);
    expect(steppedQuantity(pack, '1', 1)).toBe(50);
  });

  it('starts from the least order when nothing whole is typed, and stays within the largest quantity', () => {
    expect(steppedQuantity(pack, '', 1)).toBe(50);
    expect(steppedQuantity(pack, 'ten', -1)).toBe(50);
    expect(steppedQuantity({ min_order_quantity: 1, order_multiple: 1000 }, '1000000000', 1)).toBe(
      1_000_000_000,
    );
  });
});
