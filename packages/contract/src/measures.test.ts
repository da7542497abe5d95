import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMeasure, parseMeasure, parseMeasureRange } from './measures.js';

describe('a measure as people write it', () => {
  it('reads SI prefixes and the unit symbol into the base unit', () => {
    expect(parseMeasure('4.7u', 'F')).toBe(4.7e-6);
    expect(parseMeasure('4.7µF', 'F')).toBe(4.7e-6);
    expect(parseMeasure('4.7 μF', 'F')).toBe(4.7e-6);
    expect(parseMeasure('10k', 'Ω')).toBe(10_000);
    expect(parseMeasure('10kΩ', 'Ω')).toBe(10_000);
    expect(parseMeasure('10 kohm', 'Ω')).toBe(10_000);
    expect(parseMeasure('1.5M', 'Ω')).toBe(1_500_000);
    expect(parseMeasure('60W', 'W')).toBe(60);
    expect(parseMeasure('60', 'W')).toBe(60);
    expect(parseMeasure('100p', 'F')).toBe(1e-10);
    expect(parseMeasure('-40', '°C')).toBe(-40);
    expect(parseMeasure('.5', 'mm')).toBe(0.5);
    expect(parseMeasure('1e3', 'V')).toBe(1000);
  });

  it('tells milli from metres by the unit, and mega from milli by case', () => {
    expect(parseMeasure('5m', 'm')).toBe(5);
    expect(parseMeasure('5mm', 'm')).toBe(0.005);
    expect(parseMeasure('5m', 'A')).toBe(0.005);
    expect(parseMeasure('5M', 'Ω')).toBe(5e6);
  });

  it('refuses what is no value of that unit', () => {
    for (const text of [
      '',
      'ten',
      '4.7x',
      '4.7uV',
      '10kW',
      '1..2',
      'k',
      '1.2.3',
      '5 mF',
      '1e999',
      `${'9'.repeat(41)}`,
    ])
      expect(parseMeasure(text, text === '5 mF' ? 'W' : 'F'), text).toBeUndefined();
  });

  it('reads a range with either end open', () => {
    expect(parseMeasureRange('10k..', 'Ω')).toEqual({ min: 10_000 });
    expect(parseMeasureRange('..3.3', 'V')).toEqual({ max: 3.3 });
    expect(parseMeasureRange('1u..4.7u', 'F')).toEqual({ min: 1e-6, max: 4.7e-6 });
    for (const text of ['..', '10k', '1..2..3', 'a..2', '1..b'])
      expect(parseMeasureRange(text, 'V'), text).toBeUndefined();
  });

  it('scales by its prefix whatever the number (property)', () => {
    const prefixes: [string, number][] = [
      ['p', 1e-12],
      ['n', 1e-9],
      ['u', 1e-6],
      ['µ', 1e-6],
      ['m', 1e-3],
      ['', 1],
      ['k', 1e3],
      ['M', 1e6],
      ['G', 1e9],
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_999 }),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom(...prefixes),
        fc.constantFrom('F', 'Ω', 'V', ''),
        (whole, decimals, [prefix, factor], unit) => {
          const mantissa = whole / 10 ** decimals;
          const read = parseMeasure(`${mantissa}${prefix}${unit}`, unit || undefined);
          expect(read).toBeDefined();
          expect(Math.abs((read ?? 0) - mantissa * factor)).toBeLessThanOrEqual(
            Math.abs(mantissa * factor) * 1e-12,
          );
        },
      ),
    );
  });

  it('reads back what it shows, to three significant digits (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-12, max: 1e11, noNaN: true }),
        fc.constantFrom('F', 'Ω', 'W'),
        (value, unit) => {
          const shown = formatMeasure(value, unit);
          const read = parseMeasure(shown, unit);
          expect(read, shown).toBeDefined();
          expect(Math.abs((read ?? 0) - value)).toBeLessThanOrEqual(value * 5e-3);
        },
      ),
    );
    expect(formatMeasure(4.7e-6, 'F')).toBe('4.7 µF');
    expect(formatMeasure(10_000, 'Ω')).toBe('10 kΩ');
    expect(formatMeasure(60, 'W')).toBe('60 W');
    expect(formatMeasure(0.0012, 'm')).toBe('1.2 mm');
  });
});
