/**
 * A part's price at a quantity and the shop's largest quantity and price, without zod: the product
 * page and the order builder price lines with them, and a public page that imported parts.ts would
 * load zod and build every schema it reaches. parts.ts re-exports them.
 */

/** The largest quantity and price the shop takes: far above any real order, far below 2^53. */
export const MAX_QUANTITY = 1_000_000_000;
export const MAX_PRICE_PER_PIECE = 1_000_000;

/** One price break: from `min_quantity` pieces, `price_per_piece` each (parts.ts's PriceBreak). */
interface PriceTier {
  min_quantity: number;
  price_per_piece: number;
}

/**
 * What a piece costs at `quantity`: the price of the highest break the quantity reaches, else the
 * part's own price; the buyer's company's contract price instead when the part carries one (it
 * applies now) and it is lower. The one place an order line, a bill of materials, the product page
 * and the order builder price a line.
 */
export function unitPriceFor(
  part: {
    price_per_piece: number;
    price_breaks: readonly PriceTier[];
    contractPrice?: { unitPrice: number } | undefined;
  },
  quantity: number,
): number {
  let price = part.price_per_piece;
  for (const tier of part.price_breaks) if (quantity >= tier.min_quantity) price = tier.price_per_piece;
  const contract = part.contractPrice?.unitPrice;
  return contract !== undefined && contract < price ? contract : price;
}
