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

/** Quantities are shown in pcs (SPEC.md §9). */
export function formatPieces(quantity: number): string {
  return `${count.format(quantity)} pcs`;
}
