import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCompactDollars, formatCount, formatDollars, formatPieces } from './format';

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

  it("writes counts and a chart's short dollars as en-US Intl.NumberFormat would", () => {
    expect(formatCount(1234)).toBe('1,234');
    expect(formatCompactDollars(0)).toBe('$0');
    expect(formatCompactDollars(950)).toBe('$950');
    expect(formatCompactDollars(1000)).toBe('$1K');
    expect(formatCompactDollars(12_345)).toBe('$12.3K');
    expect(formatCompactDollars(999_949)).toBe('$999.9K');
    expect(formatCompactDollars(999_950)).toBe('$1M');
    expect(formatCompactDollars(2_500_000)).toBe('$2.5M');
    const count = new Intl.NumberFormat('en-US');
    const compact = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      notation: 'compact',
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
    });
    // Figures of every size, and ones at or next to a tenth's rounding edge in each unit
    // ((m + 0.5) tenths of a thousand, a million…, 999,950 among them).
    const figures = fc.oneof(
      fc.integer({ min: -1e6, max: 1e6 }),
      fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
      fc
        .tuple(
          fc.integer({ min: 0, max: 9999 }),
          fc.integer({ min: 1, max: 4 }),
          fc.integer({ min: -2, max: 2 }),
        )
        .map(([m, unit, offset]) => (2 * m + 1) * 50 * 10 ** (3 * unit - 3) + offset),
    );
    fc.assert(
      fc.property(figures, (n) => {
        expect(formatCount(n)).toBe(count.format(n));
        expect(formatCompactDollars(n)).toBe(compact.format(n));
      }),
      { numRuns: 2000 },
    );
  });
});
