import { describe, expect, it } from 'vitest';
import { decodeText } from './read-text.js';

const TABLE = 'MPN;Description;Qty\r\nA1321;Heater 24 V, 100 µF;2\r\nR-10;Resistor 10 Ω;5\r\n';

/** The text as UTF-16BE: Node writes UTF-16 only little-endian, so each pair is swapped. */
const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();

describe('decodeText', () => {
  it('reads UTF-16LE saved without a byte order mark', () => {
    expect(decodeText(Buffer.from(TABLE, 'utf16le'))).toEqual({ text: TABLE, encoding: 'utf-16le' });
  });

  it('reads UTF-16BE saved without a byte order mark', () => {
    expect(decodeText(utf16be(TABLE))).toEqual({ text: TABLE, encoding: 'utf-16be' });
  });

  it('reads UTF-16 without a mark whose words are Greek', () => {
    const greek = 'Αριθμός;Ποσότητα\r\nΩ-1;2\r\nΩ-2;3\r\n';
    expect(decodeText(Buffer.from(greek, 'utf16le'))).toEqual({ text: greek, encoding: 'utf-16le' });
  });

  it('reads UTF-16 by its byte order mark, and drops the mark', () => {
    const marked = Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(TABLE)]);
    expect(decodeText(marked)).toEqual({ text: TABLE, encoding: 'utf-16be' });
  });

  it('still reads UTF-8 and Windows-1252 as before', () => {
    expect(decodeText(Buffer.from(TABLE, 'utf8'))).toEqual({ text: TABLE, encoding: 'utf-8' });
    const latin = 'Référence;Qté\r\nR1;2\r\n';
    expect(decodeText(Buffer.from(latin, 'latin1'))).toEqual({ text: latin, encoding: 'windows-1252' });
  });

  it('refuses bytes that are no text, a few zero bytes among them', () => {
    const garbage = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
    expect(() => decodeText(garbage)).toThrow(/neither CSV text nor an XLSX workbook/);
    expect(() => decodeText(Buffer.from('MPN\0;Qty\r\nA1321;2\r\n'))).toThrow(/neither CSV/);
  });
});
