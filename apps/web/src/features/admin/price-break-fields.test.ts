import { describe, expect, it } from 'vitest';
import { priceBreakFieldProblems, toPriceBreakFields, toPriceBreaks } from './price-break-fields';

describe("the product form's price breaks", () => {
  it('turns the typed rows into price breaks and back', () => {
    const rows = [
      { from: '100', price: '12' },
      { from: '500', price: '10' },
    ];
    const breaks = [
      { min_quantity: 100, price_per_piece: 12 },
      { min_quantity: 500, price_per_piece: 10 },
    ];
    expect(toPriceBreaks(rows)).toEqual(breaks);
    expect(toPriceBreakFields(breaks)).toEqual(rows);
  });

  it('finds nothing wrong with rising quantities at falling prices', () => {
    expect(
      priceBreakFieldProblems(
        [
          { from: '100', price: '12' },
          { from: '500', price: '10' },
        ],
        '10',
        '14',
      ),
    ).toEqual([]);
  });

  it('names each wrong row once, at its field, in the contract words', () => {
    expect(
      priceBreakFieldProblems(
        [
          { from: '10', price: '12' },
          { from: '500', price: '14' },
          { from: '400', price: '9' },
          { from: '600', price: '8' },
        ],
        '10',
        '14',
      ),
    ).toEqual([
      { index: 0, field: 'from', message: 'must be above min_order_quantity (10)' },
      { index: 1, field: 'price', message: "must be below the previous break's price_per_piece (12)" },
      { index: 2, field: 'from', message: "must be above the previous break's min_quantity (500)" },
    ]);
  });

  it('checks the rows up to the first one still being typed, and none while the part has no numbers', () => {
    const rows = [
      { from: '100', price: '20' },
      { from: '', price: '10' },
      { from: '50', price: '30' },
    ];
    expect(priceBreakFieldProblems(rows, '10', '14')).toEqual([
      { index: 0, field: 'price', message: 'must be below price_per_piece (14)' },
    ]);
    expect(priceBreakFieldProblems(rows, '', '14')).toEqual([]);
    expect(priceBreakFieldProblems(rows, '10', '1.5')).toEqual([]);
  });
});
