/**
 * A part's order multiple (docs/api.md part three), without zod: the web app's first download
 * checks quantities with these (lib/format.ts), and the schemas stay in parts.ts, which re-exports them.
 */

/** The largest order multiple a part may have (a reel, a pack, a carton). */
export const MAX_ORDER_MULTIPLE = 1_000_000;

/**
 * The order multiple's rule: a line's quantity is a whole number of its part's multiples. The one
 * rule every path that takes a quantity checks (the API's orders, quotes and offers, the web app's
 * order builder, product and purchase pages), beside the range of docs/product.md §5.
 */
export const isOrderMultiple = (quantity: number, multiple: number): boolean => quantity % multiple === 0;

/** What a quantity that is not a multiple of its part's order multiple is told (API and web app alike). */
export const notMultipleMessage = (partName: string, multiple: number): string =>
  `Quantity of ${partName} must be a multiple of ${String(multiple).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

/**
 * The fewest pieces one line of the part may order to have `needed` (none: the least order): at
 * least the part's minimum, raised to a multiple of its order multiple.
 */
export function orderQuantityFor(
  part: { min_order_quantity: number; order_multiple: number },
  needed = 0,
): number {
  const least = Math.max(needed, part.min_order_quantity, 1);
  return Math.ceil(least / part.order_multiple) * part.order_multiple;
}
