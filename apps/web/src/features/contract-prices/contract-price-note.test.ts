import { describe, expect, it } from 'vitest';
import { contractPriceText } from './components/contract-price-note';

describe("the words for a company's contract price", () => {
  it('names the price and, when it has one, its last day', () => {
    expect(contractPriceText({ unitPrice: 15 })).toBe("Your company's price: $15 a piece");
    expect(contractPriceText({ unitPrice: 1200, validUntil: '2027-03-01' })).toMatch(
      /^Your company's price: \$1,200 a piece \(until 1 Mar\w* 2027\)$/,
    );
  });
});
