const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const count = new Intl.NumberFormat('en-US');

/** Prices are whole dollars (SPEC.md §9: shown in $). */
export function formatDollars(amount: number): string {
  return dollars.format(amount);
}

/** A part whose stock is below its minimum order cannot be ordered at all. */
export function isOutOfStock(part: { available_quantity: number; min_order_quantity: number }): boolean {
  return part.available_quantity < part.min_order_quantity;
}

/** Quantities are shown in pcs (SPEC.md §9). */
export function formatPieces(quantity: number): string {
  return `${count.format(quantity)} pcs`;
}
