/**
 * Values of a part's number attributes as people write them: a number with an optional SI
 * prefix and an optional unit symbol (`4.7u`, `4.7µF`, `10k`, `10kΩ`, `1.5M`, `60W`), kept in the
 * attribute's base unit (ohms, farads, watts, metres, …). The catalog's filters (`f.<key>=lo..hi`)
 * and its pages read them with these same functions.
 */

/** The SI prefixes a value may carry, as powers of ten (`u` is how a keyboard writes µ). */
const PREFIXES: Record<string, number> = {
  p: -12,
  n: -9,
  u: -6,
  µ: -6,
  μ: -6,
  m: -3,
  k: 3,
  M: 6,
  G: 9,
};

/** The longest value text read: a filter's value is short, and a longer one is no number. */
export const MAX_MEASURE_LENGTH = 40;

const NUMBER = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+))(?:e([+-]?\d{1,3}))?\s*(.*)$/i;

/**
 * The value `text` writes, in the base unit: undefined when it is not a number, has a prefix
 * that is none of p n u µ m k M G, or names another unit than `unit`. `5m` is 5 milli (0.005)
 * unless the unit is `m`, when it is 5 metres; `5mm` with unit `m` is 0.005.
 */
export function parseMeasure(text: string, unit?: string): number | undefined {
  if (text.length > MAX_MEASURE_LENGTH) return undefined;
  const read = NUMBER.exec(text.trim());
  if (!read) return undefined;
  const [, mantissa = '', exponent = '0', rest = ''] = read;
  let tail = rest.trim();
  // The unit as its symbol is written (SI symbols are case-sensitive: m is not M); ohms also as `ohm`.
  for (const symbol of unit ? (unit === 'Ω' ? ['Ω', 'ohm', 'ohms'] : [unit]) : [])
    if (tail.endsWith(symbol)) {
      tail = tail.slice(0, -symbol.length).trim();
      break;
    }
  let power = Number(exponent);
  if (tail !== '') {
    const prefix = PREFIXES[tail];
    if (prefix === undefined) return undefined;
    power += prefix;
  }
  // Written out and read once, so 4.7u is 4.7e-6 exactly as JavaScript reads that literal.
  const value = Number(`${mantissa}e${power}`);
  return Number.isFinite(value) ? value : undefined;
}

/** A closed range, either end open: `lo..hi`, `lo..`, `..hi`. */
export interface MeasureRange {
  min?: number;
  max?: number;
}

/** `lo..hi` read as a range of `unit`; undefined when an end is not a number or both are missing. */
export function parseMeasureRange(text: string, unit?: string): MeasureRange | undefined {
  const at = text.indexOf('..');
  if (at < 0 || text.indexOf('..', at + 2) >= 0) return undefined;
  const [lo, hi] = [text.slice(0, at).trim(), text.slice(at + 2).trim()];
  if (lo === '' && hi === '') return undefined;
  const min = lo === '' ? undefined : parseMeasure(lo, unit);
  const max = hi === '' ? undefined : parseMeasure(hi, unit);
  if ((lo !== '' && min === undefined) || (hi !== '' && max === undefined)) return undefined;
  return { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
}

const SHOWN: [number, string][] = [
  [9, 'G'],
  [6, 'M'],
  [3, 'k'],
  [0, ''],
  [-3, 'm'],
  [-6, 'µ'],
  [-9, 'n'],
  [-12, 'p'],
];

/** A value as a page shows it: three significant digits at most, the fitting prefix and the unit (`4.7 µF`). */
export function formatMeasure(value: number, unit = ''): string {
  if (value === 0 || !Number.isFinite(value)) return `${value}${unit ? ` ${unit}` : ''}`;
  const magnitude = Math.floor(Math.log10(Math.abs(value)));
  const [power, prefix] = SHOWN.find(([p]) => magnitude >= p) ?? [-12, 'p'];
  const scaled = Number((value / 10 ** power).toPrecision(3));
  const shown = `${scaled}`;
  const suffix = `${prefix}${unit}`;
  return suffix ? `${shown} ${suffix}` : shown;
}
