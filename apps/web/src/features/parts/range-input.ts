import { formatMeasure, parseMeasure, parseMeasureRange } from '@shop/contract/measures';

/**
 * A number facet's min–max fields. People type values as the API reads them (`4.7u`, `10k`,
 * `2.5mm`, `60W`); a bare number is in the unit the page shows the facet in (`mm` for tip widths
 * kept in metres), so `2` beside "mm" means 2 mm.
 */

/** The unit a facet's values are shown in: its smallest value's prefix and the unit (`mm`, `kΩ`, `pF`, `W`). */
export function shownUnit(unit: string | undefined, smallest: number | undefined): string {
  if (smallest === undefined || smallest === 0) return unit ?? '';
  const [, suffix = ''] = /^[-\d.]+ ?(.*)$/.exec(formatMeasure(smallest, unit ?? '')) ?? [];
  return suffix;
}

const BARE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d{1,3})?$/i;

/** One end as the filter writes it: a bare number gets the shown unit, anything else stays as typed. */
function written(end: string, shown: string): string {
  const text = end.trim();
  return BARE.test(text) && shown ? `${text}${shown}` : text;
}

export type RangeReading =
  | { ok: true /** The filter's value (`2mm..3mm`), '' for none. */; value: string }
  | { ok: false; field: 'min' | 'max'; message: string };

/**
 * The filter the two fields ask for, checked with the contract's parseMeasureRange (as the API
 * reads it): '' when both are empty; else an error naming the field at fault.
 */
export function readRangeFields(
  min: string,
  max: string,
  unit: string | undefined,
  shown: string,
): RangeReading {
  const lo = written(min, shown);
  const hi = written(max, shown);
  if (lo === '' && hi === '') return { ok: true, value: '' };
  const example = `such as ${unitExample(shown || unit || '')}`;
  for (const [field, end] of [
    ['min', lo],
    ['max', hi],
  ] as const)
    if (end !== '' && (end.includes('..') || parseMeasure(end, unit) === undefined))
      return { ok: false, field, message: `Enter a number ${example}` };
  const range = parseMeasureRange(`${lo}..${hi}`, unit);
  if (!range) return { ok: false, field: 'min', message: `Enter a number ${example}` };
  if (range.min !== undefined && range.max !== undefined && range.min > range.max)
    return { ok: false, field: 'max', message: 'Must not be below the minimum' };
  return { ok: true, value: `${lo}..${hi}` };
}

/** The two fields a range filter fills again (`2mm..3mm` → `2mm`, `3mm`); none for a list of values. */
export function rangeFields(value: string | undefined): { min: string; max: string } {
  const at = value?.indexOf('..') ?? -1;
  if (!value || at < 0) return { min: '', max: '' };
  return { min: value.slice(0, at), max: value.slice(at + 2) };
}

/** What a field's hint shows: `2.5 or 2.5mm`, `4.7k or 4.7kΩ`. */
function unitExample(shown: string): string {
  return shown ? `2.5 (${shown}) or 4.7${shown}` : '2.5 or 4.7k';
}
