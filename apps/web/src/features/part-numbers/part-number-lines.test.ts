import { describe, expect, it } from 'vitest';
import {
  ambiguousReason,
  filterItems,
  MAX_IMPORT_LINES,
  NO_PART_REASON,
  NO_SEPARATOR_REASON,
  partFor,
  readImportLines,
  setProblem,
  TOO_MANY_LINES_REASON,
  UNKNOWN_PART_REASON,
  withNumbers,
  withoutPart,
} from './part-number-lines';

const ID = '01900000-0000-7000-8000-000000000001';
const OTHER = '01900000-0000-7000-8000-000000000002';

describe('readImportLines', () => {
  it('reads a part id or manufacturer part number and the buyer’s number from commas, semicolons or tabs', () => {
    const { rows, problems } = readImportLines(
      [`${ID},ACME-0042`, 'T-24C; acme tip', '"RC0603-10K/1%"\t"KA, 10k"', '', '  HE-80 ,  HEAT 80  '].join(
        '\n',
      ),
    );
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      { lineNumber: 1, ref: ID, number: 'ACME-0042' },
      { lineNumber: 2, ref: 'T-24C', number: 'acme tip' },
      { lineNumber: 3, ref: 'RC0603-10K/1%', number: 'KA, 10k' },
      { lineNumber: 5, ref: 'HE-80', number: 'HEAT 80' },
    ]);
  });

  it('skips a header line and says why each other line cannot be used', () => {
    const { rows, problems } = readImportLines(
      ['MPN,Our number', 'T-24C', ',X-1', 'T-24C,', 'T-24C,---', `T-24C,${'A'.repeat(65)}`, 'F-10A,F1'].join(
        '\r\n',
      ),
    );
    expect(rows).toEqual([{ lineNumber: 7, ref: 'F-10A', number: 'F1' }]);
    expect(problems.map((problem) => [problem.lineNumber, problem.reason])).toEqual([
      [2, NO_SEPARATOR_REASON],
      [3, NO_PART_REASON],
      [4, 'no part number of yours'],
      [5, 'your part number must have a letter or a digit'],
      [6, 'your part number must be at most 64 characters'],
    ]);
  });

  it(`reads at most ${MAX_IMPORT_LINES} lines, and says so once`, () => {
    const text = Array.from({ length: MAX_IMPORT_LINES + 5 }, (_, n) => `P-${n},C-${n}`).join('\n');
    const { rows, problems } = readImportLines(text);
    expect(rows).toHaveLength(MAX_IMPORT_LINES);
    expect(problems).toEqual([
      {
        lineNumber: MAX_IMPORT_LINES + 1,
        text: `P-${MAX_IMPORT_LINES},C-${MAX_IMPORT_LINES}`,
        reason: TOO_MANY_LINES_REASON,
      },
    ]);
  });
});

describe('partFor', () => {
  const tip = { _id: ID, name: 'Tip', mpn: 'T-24C' };
  const twin = { _id: OTHER, name: 'Tip twin', mpn: 't 24c' };
  const fuse = { _id: '01900000-0000-7000-8000-000000000003', name: 'Fuse', mpn: 'F-10A' };
  it('takes the one part whose id, or whose mpn as numbers compare, the line names', () => {
    expect(partFor(ID.toUpperCase(), [tip])).toBe(tip);
    expect(partFor('t/24.c', [fuse, tip])).toBe(tip);
    // A part the search found by its name or a start of its number is no match.
    expect(partFor('T-24', [tip])).toEqual({ problem: UNKNOWN_PART_REASON });
    expect(partFor('T-24C', [tip, twin])).toEqual({ problem: ambiguousReason(['Tip', 'Tip twin']) });
  });
});

describe('changing the set', () => {
  const items = [
    { partsId: ID, customerPartNumber: 'A-1' },
    { partsId: OTHER, customerPartNumber: 'B-1' },
  ];
  it('gives a part its new number, adds new parts at the end, removes one', () => {
    expect(
      withNumbers(items, [
        { partsId: OTHER, customerPartNumber: ' B-2 ' },
        { partsId: 'p3', customerPartNumber: 'C-1' },
      ]),
    ).toEqual([
      { partsId: ID, customerPartNumber: 'A-1' },
      { partsId: OTHER, customerPartNumber: 'B-2' },
      { partsId: 'p3', customerPartNumber: 'C-1' },
    ]);
    expect(withoutPart(items, ID)).toEqual([{ partsId: OTHER, customerPartNumber: 'B-1' }]);
  });

  it('finds a number given to two parts as numbers compare', () => {
    expect(setProblem(items)).toBeUndefined();
    expect(setProblem([...items, { partsId: 'p3', customerPartNumber: 'a 1' }])).toMatch(
      /"a 1" is already given/,
    );
  });

  it('filters by a number, an mpn or a part name', () => {
    const shown = [
      { partsId: ID, customerPartNumber: 'KA-TIP-42', partsName: 'Soldering tip', mpn: 'T-24C' },
      { partsId: OTHER, customerPartNumber: 'KA-FUSE', partsName: 'Fuse 10 A' },
    ];
    expect(filterItems(shown, 'ka tip').map((item) => item.partsId)).toEqual([ID]);
    expect(filterItems(shown, 't24').map((item) => item.partsId)).toEqual([ID]);
    expect(filterItems(shown, 'fuse').map((item) => item.partsId)).toEqual([OTHER]);
    expect(filterItems(shown, '  ')).toHaveLength(2);
  });
});
