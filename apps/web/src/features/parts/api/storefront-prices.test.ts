import type { Part } from '@shop/contract/parts';
import { describe, expect, it } from 'vitest';
import { withBuyerPrices } from './storefront-prices';

const part = (id: string, more: Partial<Part> = {}) =>
  ({ _id: id, name: id, price_per_piece: 10, ...more }) as Part;

describe('parts with the signed-in member’s contract prices', () => {
  it('takes each price the member’s own reading of the parts gives, by part', () => {
    const shown = [part('a'), part('b'), part('c')];
    const priced = [
      part('c', { contractPrice: { unitPrice: 6 } }),
      part('a', { contractPrice: { unitPrice: 8, validUntil: '2027-01-31' } }),
      part('b'),
    ];
    expect(withBuyerPrices(shown, priced).map((p) => p.contractPrice)).toEqual([
      { unitPrice: 8, validUntil: '2027-01-31' },
      undefined,
      { unitPrice: 6 },
    ]);
  });

  it('keeps the parts as they are while the member’s reading is not there, or names other parts', () => {
    const shown = [part('a', { contractPrice: { unitPrice: 7 } }), part('b')];
    expect(withBuyerPrices(shown, undefined)).toEqual(shown);
    expect(withBuyerPrices(shown, [part('z', { contractPrice: { unitPrice: 1 } })])).toEqual(shown);
  });
});
