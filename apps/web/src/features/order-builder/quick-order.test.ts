import { describe, expect, it } from 'vitest';
import {
  ambiguousReason,
  lookupKey,
  NO_QUANTITY_REASON,
  NOT_POSITIVE_REASON,
  NOT_WHOLE_REASON,
  parseQuickOrderText,
  resolveQuickOrder,
  TOO_LONG_REFERENCE_REASON,
  UNKNOWN_PART_REASON,
} from './quick-order';

const ID = '0b7f6c1e-4a2d-4f7e-9a51-3c2d1e0f9a8b';

describe('reading a quick order', () => {
  it('reads comma, tab and semicolon lines, skipping blanks', () => {
    const text = 'Soldering Iron, 20\n\nHeat Gun\t5\r\nWire Stripper ; 12\n';
    expect(parseQuickOrderText(text)).toEqual({
      rows: [
        { lineNumber: 1, ref: 'Soldering Iron', quantity: 20 },
        { lineNumber: 3, ref: 'Heat Gun', quantity: 5 },
        { lineNumber: 4, ref: 'Wire Stripper', quantity: 12 },
      ],
      problems: [],
    });
  });

  it('skips a header line pasted from a spreadsheet', () => {
    const text = 'Part\tQuantity\nHeat Gun\t5';
    expect(parseQuickOrderText(text).rows).toEqual([{ lineNumber: 2, ref: 'Heat Gun', quantity: 5 }]);
    expect(parseQuickOrderText('Name;Qty\nHeat Gun;5').rows).toHaveLength(1);
  });

  it('takes the last cell as the quantity: a name may hold commas or quotes', () => {
    expect(parseQuickOrderText('Crimper, 0.5 mm, 30').rows).toEqual([
      { lineNumber: 1, ref: 'Crimper, 0.5 mm', quantity: 30 },
    ]);
    expect(parseQuickOrderText('"Probe ""A"", red"\t7\t').rows).toEqual([
      { lineNumber: 1, ref: 'Probe "A", red', quantity: 7 },
    ]);
    expect(parseQuickOrderText(`${ID}, 15 pcs`).rows).toEqual([{ lineNumber: 1, ref: ID, quantity: 15 }]);
  });

  it('lists each unreadable line with its number and why', () => {
    const text = 'Heat Gun, 5\nHeat Gun\nHeat Gun, 2.5\nHeat Gun, ten\nHeat Gun, 0\n, 4';
    expect(parseQuickOrderText(text).problems).toEqual([
      { lineNumber: 2, text: 'Heat Gun', reason: NO_QUANTITY_REASON },
      { lineNumber: 3, text: 'Heat Gun, 2.5', reason: NOT_WHOLE_REASON },
      { lineNumber: 4, text: 'Heat Gun, ten', reason: NOT_WHOLE_REASON },
      { lineNumber: 5, text: 'Heat Gun, 0', reason: NOT_POSITIVE_REASON },
      { lineNumber: 6, text: ', 4', reason: 'no part name or id' },
    ]);
  });

  it('says a negative quantity must be positive, and one above the limit what the limit is', () => {
    expect(parseQuickOrderText('Heat Gun, -3\nHeat Gun; -2.5\nHeat Gun\t1000000001').problems).toEqual([
      { lineNumber: 1, text: 'Heat Gun, -3', reason: 'quantity must be positive' },
      { lineNumber: 2, text: 'Heat Gun; -2.5', reason: 'quantity must be positive' },
      { lineNumber: 3, text: 'Heat Gun\t1000000001', reason: 'quantity must be at most 1000000000' },
    ]);
  });

  it('reports a line longer than any part name on its own, quoted short, and reads the others', () => {
    const long = `${'x'.repeat(250)}, 5`;
    const read = parseQuickOrderText(`Heat Gun, 5\n${long}\nWire Stripper, 7`);
    expect(read.rows.map((row) => row.ref)).toEqual(['Heat Gun', 'Wire Stripper']);
    expect(read.problems).toEqual([
      {
        lineNumber: 2,
        text: `${'x'.repeat(79)}…`,
        reason: "part name or id is too long (a part's name has at most 120 characters)",
      },
    ]);
  });

  it("reads a cell after the quantity as the line's reference", () => {
    const text = [
      'Part\tQty\tReference',
      'Heat Gun\t5\t4711',
      'Wire Stripper;12;R1, R2',
      'Crimper, 0.5 mm, 30, C4,C5',
      '"Probe, red"\t7\t"Bench 2"\tline A',
      'Heat Gun, 2',
    ].join('\n');
    expect(parseQuickOrderText(text)).toEqual({
      rows: [
        { lineNumber: 2, ref: 'Heat Gun', quantity: 5, reference: '4711' },
        { lineNumber: 3, ref: 'Wire Stripper', quantity: 12, reference: 'R1, R2' },
        { lineNumber: 4, ref: 'Crimper, 0.5 mm', quantity: 30, reference: 'C4,C5' },
        { lineNumber: 5, ref: 'Probe, red', quantity: 7, reference: 'Bench 2 line A' },
        { lineNumber: 6, ref: 'Heat Gun', quantity: 2 },
      ],
      problems: [],
    });
  });

  it('refuses a reference longer than an order line takes, and a wrong quantity before one', () => {
    const long = 'R'.repeat(41);
    expect(
      parseQuickOrderText(`Heat Gun\t5\t${long}\nHeat Gun, 2.5, R1\nHeat Gun\t5\t${'R'.repeat(40)}`),
    ).toEqual({
      rows: [{ lineNumber: 3, ref: 'Heat Gun', quantity: 5, reference: 'R'.repeat(40) }],
      problems: [
        { lineNumber: 1, text: `Heat Gun\t5\t${long}`, reason: TOO_LONG_REFERENCE_REASON },
        { lineNumber: 2, text: 'Heat Gun, 2.5, R1', reason: NOT_WHOLE_REASON },
      ],
    });
    expect(TOO_LONG_REFERENCE_REASON).toBe('reference is longer than 40 characters');
  });

  it('does not take a first line of data for a header', () => {
    expect(parseQuickOrderText('Heat Gun, 5').rows).toHaveLength(1);
  });
});

describe("finding a quick order's parts", () => {
  const heatGun = { _id: 'a', name: 'Heat Gun' };
  const heatGunPro = { _id: 'b', name: 'Heat Gun Pro' };
  const stripper = { _id: 'c', name: 'Wire Stripper 0.5' };
  const byId = { _id: ID, name: 'Oscilloscope' };
  const found = new Map([
    [lookupKey('heat gun'), [heatGun, heatGunPro]],
    [lookupKey('heat'), [heatGun, heatGunPro]],
    [lookupKey('stripper'), [stripper]],
    [lookupKey(ID), [byId]],
  ]);
  const row = (lineNumber: number, ref: string, quantity = 5) => ({ lineNumber, ref, quantity });

  it('lets an exact name win over names that merely hold it, in any case', () => {
    expect(resolveQuickOrder([row(1, 'HEAT GUN')], found)).toEqual({
      lines: [{ lineNumber: 1, partsId: 'a', quantity: 5 }],
      problems: [],
    });
  });

  it("keeps a row's reference with its part", () => {
    expect(resolveQuickOrder([{ ...row(1, 'Stripper'), reference: 'R1, R2' }], found).lines).toEqual([
      { lineNumber: 1, partsId: 'c', quantity: 5, reference: 'R1, R2' },
    ]);
  });

  it('takes the one part whose name holds the text, and a part by its id', () => {
    expect(resolveQuickOrder([row(1, 'Stripper'), row(2, ID.toUpperCase())], found).lines).toEqual([
      { lineNumber: 1, partsId: 'c', quantity: 5 },
      { lineNumber: 2, partsId: ID, quantity: 5 },
    ]);
  });

  it('refuses an ambiguous name and an unknown part', () => {
    expect(
      resolveQuickOrder(
        [row(3, 'heat'), row(4, 'Laser'), row(5, '1b7f6c1e-4a2d-4f7e-9a51-3c2d1e0f9a8b')],
        found,
      ),
    ).toEqual({
      lines: [],
      problems: [
        { lineNumber: 3, text: 'heat, 5', reason: ambiguousReason(['Heat Gun', 'Heat Gun Pro']) },
        { lineNumber: 4, text: 'Laser, 5', reason: UNKNOWN_PART_REASON },
        { lineNumber: 5, text: '1b7f6c1e-4a2d-4f7e-9a51-3c2d1e0f9a8b, 5', reason: UNKNOWN_PART_REASON },
      ],
    });
  });
});
