import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.js';
import { readCsv } from './csv-reader.js';

const read = (text: string) => readCsv(Buffer.from(text, 'utf8'));
const lines = (text: string) => {
  const reading = read(text);
  return reading.kind === 'not-utf8' ? [] : reading.records.map((r) => r.line);
};

describe('reading CSV', () => {
  it('reads quoted commas, doubled quotes and line breaks, CRLF or LF, after a byte order mark', () => {
    expect(read('\uFEFFa,b\r\n"x, y","say ""hi"""\r\n"two\nlines",3\n')).toEqual({
      kind: 'read',
      records: [
        { line: 1, cells: ['a', 'b'] },
        { line: 2, cells: ['x, y', 'say "hi"'] },
        { line: 3, cells: ['two\nlines', '3'] },
      ],
    });
  });

  it('numbers each row by the line it starts on, whatever the line breaks inside quoted cells', () => {
    expect(lines('h\r\n"a\r\nb\r\nc",1\r\nnext\r\n')).toEqual([1, 2, 5]);
    expect(lines('h\n"a\nb",1\n\n\nnext')).toEqual([1, 2, 6]);
    expect(lines('h\r"a\rb",1\rnext\r')).toEqual([1, 2, 4]);
    expect(lines('h\r\na\nb\rc')).toEqual([1, 2, 3, 4]);
  });

  it('skips blank lines, and reads no rows from an empty file', () => {
    expect(lines('\n\na\n\n')).toEqual([3]);
    expect(read('')).toEqual({ kind: 'read', records: [] });
    expect(read('\uFEFF')).toEqual({ kind: 'read', records: [] });
  });

  it('reads back what the shop writes', () => {
    const rows = [
      ['=1+1', 'a "quoted", cell'],
      ['multi\r\nline', '-5'],
    ];
    const reading = read(toCsv(['x', 'y'], rows));
    expect(reading.kind === 'read' && reading.records.map((r) => r.cells)).toEqual([
      ['x', 'y'],
      ["'=1+1", 'a "quoted", cell'],
      ['multi\r\nline', "'-5"],
    ]);
  });

  it('stops at a broken row, keeping the rows before it and the line it starts on', () => {
    const reading = read('h\nfine\n"never closed\nmore\n');
    expect(reading).toEqual({
      kind: 'stopped',
      records: [
        { line: 1, cells: ['h'] },
        { line: 2, cells: ['fine'] },
      ],
      broken: { line: 3, message: 'a quoted cell starts in this row and is never closed' },
    });
    expect(read('h\r\n"a\r\nb",1\r\nx"y\r\n')).toMatchObject({ kind: 'stopped', broken: { line: 4 } });
  });

  it('names the lines whose bytes are not UTF-8', () => {
    const bytes = Buffer.concat([
      Buffer.from('ok\r\n'),
      Buffer.from([0xff]),
      Buffer.from('\r\nok\n\xc3(\n', 'latin1'),
    ]);
    expect(readCsv(bytes)).toEqual({
      kind: 'not-utf8',
      broken: [
        { line: 2, message: expect.stringMatching(/UTF-8/) },
        { line: 4, message: expect.stringMatching(/UTF-8/) },
      ],
    });
  });
});
