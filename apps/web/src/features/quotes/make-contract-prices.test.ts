import { describe, expect, it } from 'vitest';
import { contractMadeText } from './components/make-contract-prices';

describe('contractMadeText', () => {
  it('counts the company’s prices and names the last day when there is one', () => {
    expect(contractMadeText(1, '')).toBe("Done: the buyer's company now holds 1 contract price.");
    expect(contractMadeText(1200, '2027-03-01')).toBe(
      "Done: the buyer's company now holds 1,200 contract prices, this quote's until 1 Mar 2027.",
    );
  });
});
