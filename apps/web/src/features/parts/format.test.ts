import { describe, expect, it } from 'vitest';
import { formatDollars, formatPieces } from './format';

describe('money and quantities as the storefront shows them', () => {
  it('shows prices in $ and quantities in pcs', () => {
    expect(formatDollars(89)).toBe('$89');
    expect(formatDollars(12500)).toBe('$12,500');
    expect(formatPieces(1)).toBe('1 pcs');
    expect(formatPieces(2500)).toBe('2,500 pcs');
  });
});
