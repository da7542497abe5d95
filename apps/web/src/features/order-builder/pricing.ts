import { OUT_OF_RANGE_MESSAGE } from '@shop/contract/orders';
import { MAX_QUANTITY, type PriceBreak, unitPriceFor } from '@shop/contract/parts';

/** What the builder needs to know of a part to price and check a line. */
export interface PricedPart {
  price_per_piece: number;
  available_quantity: number;
  min_order_quantity: number;
  price_breaks: readonly PriceBreak[];
}

export const UNKNOWN_PART_MESSAGE = 'This part is not in the catalog (any more).';
export const NOT_WHOLE_MESSAGE = 'Enter a whole number of pieces.';
export const DUPLICATE_PART_MESSAGE = 'This part is already on another line.';

/** A line as priced: what a piece costs at its quantity, the line's price and what the breaks save. */
export interface PricedLine {
  quantity: number;
  unitPrice: number;
  price: number;
  /** Whole dollars the price breaks take off the part's own price for this quantity (0: none). */
  saving: number;
}

/** A typed quantity as pieces, or undefined when it is no whole number from 1 to MAX_QUANTITY. */
export function typedPieces(typed: string): number | undefined {
  const text = typed.trim();
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const pieces = Number(text);
  return pieces >= 1 && pieces <= MAX_QUANTITY ? pieces : undefined;
}

/** Prices `quantity` pieces of `part` (docs/product.md's price breaks through unitPriceFor). */
export function priceLine(part: PricedPart, quantity: number): PricedLine {
  const unitPrice = unitPriceFor(part, quantity);
  const price = unitPrice * quantity;
  return { quantity, unitPrice, price, saving: part.price_per_piece * quantity - price };
}

/**
 * A builder line checked as typed: its problem (unknown part, a quantity that is no whole number
 * or lies outside the part's range, a part already on an earlier line), else its prices.
 * `part` is null for a part the catalog no longer has, undefined while it loads.
 */
export function checkLine(
  part: PricedPart | null | undefined,
  typed: string,
  duplicate: boolean,
): { problem: string } | { priced: PricedLine } | { loading: true } {
  if (duplicate) return { problem: DUPLICATE_PART_MESSAGE };
  if (part === null) return { problem: UNKNOWN_PART_MESSAGE };
  const quantity = typedPieces(typed);
  if (quantity === undefined) return { problem: NOT_WHOLE_MESSAGE };
  if (part === undefined) return { loading: true };
  if (quantity < part.min_order_quantity || quantity > part.available_quantity)
    return { problem: OUT_OF_RANGE_MESSAGE };
  return { priced: priceLine(part, quantity) };
}

/** The order's total and savings: the sum over the lines that are priced. */
export function orderTotals(lines: readonly ReturnType<typeof checkLine>[]): {
  total: number;
  saving: number;
} {
  let total = 0;
  let saving = 0;
  for (const line of lines)
    if ('priced' in line) {
      total += line.priced.price;
      saving += line.priced.saving;
    }
  return { total, saving };
}
