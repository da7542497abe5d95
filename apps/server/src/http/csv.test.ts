import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv.js';

describe('CSV', () => {
  it('quotes what needs quoting and doubles quotes (RFC 4180)', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded ')).toBe('" padded "');
    expect(csvField(42)).toBe('42');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(csvField('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvField('+1+1')).toBe("'+1+1");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@SUM(1)')).toBe("'@SUM(1)");
    expect(csvField('\tcmd')).toBe(`"'\tcmd"`);
    expect(csvField('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvField('＝1+1')).toBe("'＝1+1");
  });

  it('neutralises a formula after a ; too, and keeps the cell whole for spreadsheets that split at ;', () => {
    expect(csvField('x;=1+1')).toBe(`"x;'=1+1"`);
    expect(csvField('a;@SUM(1);+2;-3;\tb')).toBe(`"a;'@SUM(1);'+2;'-3;'\tb"`);
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
    expect(csvField('Road 1; Block B')).toBe('"Road 1; Block B"');
    // Read back, each is one cell with nothing a spreadsheet runs.
    const [row] = parse(toCsv(['a', 'b'], [['x;=1+1', '=HYPERLINK("http://evil")']]), { from_line: 2 });
    expect(row).toEqual(["x;'=1+1", `'=HYPERLINK("http://evil")`]);
  });

  it('ends every line with CRLF', () => {
    expect(toCsv(['a', 'b'], [[1, 'x']])).toBe('a,b\r\n1,x\r\n');
  });
});
