/**
 * An order's limits and the out-of-range message, without zod: the storefront's pages and the
 * order builder check quantities with them, and a public page that imported orders.ts would load
 * zod and build every schema it reaches. orders.ts re-exports them.
 */

/** The most lines one order holds. */
export const MAX_ORDER_LINES = 100;

/** The longest reference a buyer may give a line: refused above it, never cut. */
export const MAX_REFERENCE = 40;

/** docs/product.md §8, word for word. */
export const OUT_OF_RANGE_MESSAGE = 'You have to place order in our given range';
