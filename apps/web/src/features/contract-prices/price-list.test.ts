import type { ContractPriceItem } from '@shop/contract/contract-prices';
import { describe, expect, it } from 'vitest';
import { orderedPrices, pricesSummary, untilText } from './price-list';

const item = (partsName: string, more: Partial<ContractPriceItem> = {}): ContractPriceItem => ({
  partsId: `0190aaaa-0000-7000-8000-00000000000${partsName.length % 10}`,
  partsName,
  unitPrice: 8,
  listPrice: 10,
  expired: false,
  ...more,
});

describe("a company's price list as its members read it", () => {
  it('puts the prices that apply first and the expired ones after, each in the order given', () => {
    const items = [
      item('Anvil', { expired: true }),
      item('Bolt'),
      item('Clamp', { expired: true }),
      item('Drill'),
    ];
    expect(orderedPrices(items).map((i) => i.partsName)).toEqual(['Bolt', 'Drill', 'Anvil', 'Clamp']);
  });

  it('says through which day a price applies, or that it has no end', () => {
    expect(untilText({ validUntil: '2027-06-30' })).toMatch(/^Through 30 Jun\w* 2027$/);
    expect(untilText({})).toBe('No end date');
  });

  it('counts the prices and the expired ones', () => {
    expect(pricesSummary([item('Bolt')])).toBe('1 contract price.');
    expect(pricesSummary([item('Bolt'), item('Anvil', { expired: true })])).toBe(
      '2 contract prices, 1 of them expired.',
    );
  });
});
