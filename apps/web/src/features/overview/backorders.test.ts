import { describe, expect, it } from 'vitest';
import { backordersText, coverText, refundsDueText } from './backorders';

describe("the overview's backorders in words", () => {
  it('tells each part waiting against incoming, and how short it is', () => {
    expect(coverText({ backordered: 700, incoming: 500, short: 200 })).toBe(
      '700 waiting, 500 incoming: 200 short',
    );
    expect(coverText({ backordered: 1200, incoming: 2000, short: 0 })).toBe(
      '1,200 waiting, 2,000 incoming: covered',
    );
  });

  it('counts the parts orders wait for and those not covered', () => {
    expect(backordersText({ total: 0, uncovered: 0 })).toBe('No order waits for pieces.');
    expect(backordersText({ total: 1, uncovered: 0 })).toBe(
      '1 part has orders waiting; the incoming batches cover every one.',
    );
    expect(backordersText({ total: 3, uncovered: 2 })).toBe(
      '3 parts have orders waiting; the incoming batches will not cover 2 of them.',
    );
  });

  it('tells the refunds due', () => {
    expect(refundsDueText({ count: 0, value: 0 })).toBe('None');
    expect(refundsDueText({ count: 1, value: 40 })).toBe('$40 for 1 order');
    expect(refundsDueText({ count: 2, value: 1340 })).toBe('$1,340 for 2 orders');
  });
});
