import { parseMeasureRange } from '@shop/contract/measures';
import { describe, expect, it } from 'vitest';
import { rangeFields, readRangeFields, shownUnit } from './range-input';

describe("a number facet's min–max fields", () => {
  it('shows the facet in the unit of its smallest value, as formatMeasure writes it', () => {
    expect(shownUnit('m', 0.001)).toBe('mm');
    expect(shownUnit('Ω', 10)).toBe('Ω');
    expect(shownUnit('Ω', 4700)).toBe('kΩ');
    expect(shownUnit('F', 22e-12)).toBe('pF');
    expect(shownUnit('F', 4.7e-6)).toBe('µF');
    expect(shownUnit('W', 60)).toBe('W');
    expect(shownUnit(undefined, 2)).toBe('');
    expect(shownUnit('V', undefined)).toBe('V');
  });

  it('reads a bare number in the unit shown, and a written prefix or unit as the API does', () => {
    expect(readRangeFields('2', '3', 'm', 'mm')).toEqual({ ok: true, value: '2mm..3mm' });
    expect(readRangeFields('2.4mm', '', 'm', 'mm')).toEqual({ ok: true, value: '2.4mm..' });
    expect(readRangeFields('', '10k', 'Ω', 'Ω')).toEqual({ ok: true, value: '..10k' });
    expect(readRangeFields(' 4.7u ', '10µF', 'F', 'pF')).toEqual({ ok: true, value: '4.7u..10µF' });
    expect(readRangeFields('1.5M', '', 'Ω', 'Ω')).toEqual({ ok: true, value: '1.5M..' });
    expect(readRangeFields('60W', '120', 'W', 'W')).toEqual({ ok: true, value: '60W..120W' });
    expect(readRangeFields('', '', 'm', 'mm')).toEqual({ ok: true, value: '' });
    // What the fields write, the API's own parser reads to the same numbers.
    expect(parseMeasureRange('2mm..3mm', 'm')).toEqual({ min: 0.002, max: 0.003 });
    expect(parseMeasureRange('4.7u..10µF', 'F')).toEqual({ min: 4.7e-6, max: 10e-6 });
  });

  it('names the field at fault, and says how to write a number', () => {
    expect(readRangeFields('two', '3', 'm', 'mm')).toEqual({
      ok: false,
      field: 'min',
      message: 'Enter a number such as 2.5 (mm) or 4.7mm',
    });
    expect(readRangeFields('2', '3x', 'm', 'mm')).toMatchObject({ ok: false, field: 'max' });
    expect(readRangeFields('10V', '', 'Ω', 'Ω')).toMatchObject({ ok: false, field: 'min' });
    expect(readRangeFields('1..2', '', 'Ω', 'Ω')).toMatchObject({ ok: false, field: 'min' });
    expect(readRangeFields('5', '3', 'm', 'mm')).toEqual({
      ok: false,
      field: 'max',
      message: 'Must not be below the minimum',
    });
  });

  it('fills the fields again from the address', () => {
    expect(rangeFields('2mm..3mm')).toEqual({ min: '2mm', max: '3mm' });
    expect(rangeFields('..10k')).toEqual({ min: '', max: '10k' });
    expect(rangeFields('0.0024,0.0032')).toEqual({ min: '', max: '' });
    expect(rangeFields(undefined)).toEqual({ min: '', max: '' });
  });
});
