import type { BomLine } from '@shop/contract/bom';
import { MAX_ORDER_LINES } from '@shop/contract/order-limits';
import { describe, expect, it } from 'vitest';
import { blocksOrder, fixRows, partLines, totals, withFixes } from './bom-lines';

const part = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const line = (row: number, fields: Partial<BomLine> = {}): BomLine => ({
  row,
  input: { partNumber: `P-${row}`, quantity: 1 },
  needed: 10,
  orderQuantity: 10,
  problems: [],
  ...fields,
});
const matched = (row: number, partsId: string, fields: Partial<BomLine> = {}) =>
  line(row, {
    match: { partsId, partsName: partsId, by: 'mpn', exact: true },
    price: 20,
    unitPrice: 2,
    ...fields,
  });

describe("a BOM's lines into an order, a quote or a list", () => {
  it('takes matched lines, adds up the lines of one part and leaves out what cannot be ordered', () => {
    const lines = [
      matched(2, part(1)),
      matched(3, part(2), { orderQuantity: 50, problems: ['above_available'] }),
      matched(4, part(1), { orderQuantity: 5 }),
      line(5, { problems: ['not_found'] }),
      line(6, { problems: ['ambiguous'], candidates: [{ partsId: part(3), partsName: 'x' }] }),
      matched(7, part(4), { problems: ['obsolete'] }),
      matched(8, part(5), { orderQuantity: 0, needed: 0, problems: ['invalid_quantity'] }),
    ];
    expect(partLines(lines)).toEqual({
      lines: [
        { partsId: part(1), quantity: 15 },
        { partsId: part(2), quantity: 50 },
      ],
      left: 0,
    });
    expect(lines.map(blocksOrder)).toEqual([false, false, false, true, true, true, true]);
  });

  it("carries the lines' designators as the part's reference, joined, when they fit", () => {
    const withReference = (row: number, partsId: string, reference: string) =>
      matched(row, partsId, { input: { partNumber: `P-${row}`, quantity: 1, reference } });
    const lines = [
      withReference(2, part(1), 'R1, R2'),
      withReference(3, part(1), 'R7'),
      withReference(4, part(2), 'C1-C40 '.repeat(6)),
      matched(5, part(3)),
    ];
    expect(partLines(lines).lines).toEqual([
      { partsId: part(1), quantity: 20, reference: 'R1, R2; R7' },
      { partsId: part(2), quantity: 10 },
      { partsId: part(3), quantity: 10 },
    ]);
  });

  it(`keeps at most ${MAX_ORDER_LINES} parts and counts the rest`, () => {
    const lines = Array.from({ length: MAX_ORDER_LINES + 7 }, (_, i) => matched(i + 2, part(i)));
    const { lines: taken, left } = partLines(lines);
    expect(taken).toHaveLength(MAX_ORDER_LINES);
    expect(left).toBe(7);
  });

  it('puts fixed lines in place of theirs, and sums what is left', () => {
    const lines = [line(2, { problems: ['not_found'] }), matched(3, part(1))];
    const fixed = withFixes(lines, new Map([[2, matched(2, part(2), { price: 30 })]]));
    expect(fixed.map((one) => one.match?.partsId)).toEqual([part(2), part(1)]);
    expect(totals(fixed)).toEqual({ total: 50, unmatched: 0, problems: 0 });
    expect(totals(lines)).toEqual({ total: 20, unmatched: 1, problems: 1 });
  });

  it('writes the fixes as pasted rows with a header, no tab or quote of a number breaking a row', () => {
    expect(
      fixRows([
        { partNumber: 'T-24C', quantity: 2 },
        { partNumber: 'a\tb"c', quantity: 0.5 },
      ]),
    ).toBe('Part Number\tQuantity\nT-24C\t2\na b c\t0.5');
  });
});
