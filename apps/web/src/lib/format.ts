import { orderQuantityFor } from '@shop/contract/order-multiple';

/**
 * The shop's figures are whole numbers in en-US grouping (12,500), written out here rather than by
 * Intl.NumberFormat: the first formatter a page creates loads the locale's data, about 40 ms of
 * the app's start on a desktop (four times that on a phone), on every page that shows a price.
 */
function grouped(value: number): string {
  const [whole = '', fraction] = String(Math.abs(value)).split('.');
  const digits = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${digits}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** Prices are whole dollars (docs/product.md §9: shown in $); a price with cents is rounded half away from zero. */
export function formatDollars(amount: number): string {
  const dollars = Math.round(Math.abs(amount));
  return `${amount < 0 ? '-' : ''}$${grouped(dollars)}`;
}

/**
 * A part whose stock is below its least order (its minimum order, raised to its order multiple)
 * cannot be ordered at all, unless it may be backordered (its pieces then wait for incoming ones).
 */
export function isOutOfStock(part: {
  available_quantity: number;
  min_order_quantity: number;
  order_multiple?: number;
  backorderable?: boolean;
}): boolean {
  const { min_order_quantity, order_multiple = 1 } = part;
  if (part.backorderable) return false;
  return part.available_quantity < orderQuantityFor({ min_order_quantity, order_multiple });
}

/** A count (orders, days, rows) in en-US grouping: 12,500. */
export const formatCount: (value: number) => string = grouped;

/** Quantities are shown in pcs (docs/product.md §9). */
export function formatPieces(quantity: number): string {
  return `${grouped(quantity)} pcs`;
}

/** What a part sold in reels or packs says of itself: "Sold in multiples of 5,000". */
export const soldInMultiplesText = (multiple: number) => `Sold in multiples of ${grouped(multiple)}`;

const COMPACT_UNITS = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
] as const;

/**
 * Whole dollars in short form for a chart's axis, as en-US compact notation writes them: $950,
 * $1K, $12.5K, $3.2M. The unit is the largest the figure reaches, the figure rounded half up to a
 * tenth of it, and one that rounds up to 1000 of a unit takes the next (999,950 is $1M); a
 * figure under 10,000 of its unit is not grouped ($1000T).
 */
export function formatCompactDollars(amount: number): string {
  const whole = Math.round(Math.abs(amount));
  const sign = amount < 0 && whole > 0 ? '-' : '';
  let index = COMPACT_UNITS.findIndex(([size]) => whole >= size);
  if (index === -1) return `${sign}$${whole}`;
  const tenthsIn = (at: number) => Math.round((whole * 10) / (COMPACT_UNITS[at]?.[0] ?? 1));
  if (index > 0 && tenthsIn(index) >= 10_000) index -= 1;
  const scaled = tenthsIn(index) / 10;
  return `${sign}$${scaled < 10_000 ? scaled : grouped(scaled)}${COMPACT_UNITS[index]?.[1]}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar day as the shop writes it: `2027-01-12` → "12 Jan 2027" (the day as given, no time zone). */
export function formatDay(day: string): string {
  const [year, month, date] = day.slice(0, 10).split('-').map(Number);
  const name = MONTHS[(month ?? 1) - 1];
  if (!year || !name || !date) return day;
  return `${date} ${name} ${year}`;
}
