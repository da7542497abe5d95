import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDollars, formatPieces } from './format';

describe('money and quantities as the storefront shows them', () => {
  it('shows prices in $ and quantities in pcs', () => {
    expect(formatDollars(89)).toBe('$89');
    expect(formatDollars(12500)).toBe('$12,500');
    expect(formatDollars(1_234_567.5)).toBe('$1,234,568');
    expect(formatPieces(1)).toBe('1 pcs');
    expect(formatPieces(2500)).toBe('2,500 pcs');
    expect(formatPieces(1_000_000)).toBe('1,000,000 pcs');
  });

  it('writes every figure as en-US Intl.NumberFormat would', () => {
    const dollars = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    });
    const count = new Intl.NumberFormat('en-US');
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        expect(formatPieces(n)).toBe(`${count.format(n)} pcs`);
        expect(formatDollars(n)).toBe(dollars.format(n));
      }),
    );
    fc.assert(
      // Prices are never negative (the contract's rule).
      fc.property(fc.double({ min: 0, max: 1e9, noNaN: true }), (n) => {
        expect(formatDollars(n)).toBe(dollars.format(n));
      }),
    );
  });
});
