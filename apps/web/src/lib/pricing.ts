import { OUT_OF_RANGE_MESSAGE } from '@shop/contract/order-limits';
import { isOrderMultiple, notMultipleMessage, orderQuantityFor } from '@shop/contract/order-multiple';
import { MAX_QUANTITY, unitPriceFor } from '@shop/contract/part-pricing';
import type { PriceBreak } from '@shop/contract/parts';

/** What pricing and checking a quantity needs to know of a part. */
export interface PricedPart {
  price_per_piece: number;
  available_quantity: number;
  min_order_quantity: number;
  price_breaks: readonly PriceBreak[];
  /** An order may take more than is in stock: the rest waits for incoming pieces. */
  backorderable?: boolean;
  /** The buyer's company's contract price, when one applies: unitPriceFor counts it. */
  contractPrice?: { unitPrice: number } | undefined;
}

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

/**
 * docs/product.md §5: from the part's minimum order to the pieces it has available; a part that
 * may be backordered has no upper end but the shop's largest quantity (typedPieces): what stock
 * lacks waits for incoming pieces (docs/api.md, availability).
 */
export const inRange = (part: PricedPart, quantity: number) =>
  quantity >= part.min_order_quantity && (part.backorderable === true || quantity <= part.available_quantity);

/** The most a quantity field of the part offers: its stock, or for a backorderable part MAX_QUANTITY. */
export const quantityCap = (part: Pick<PricedPart, 'available_quantity' | 'backorderable'>): number =>
  part.backorderable ? MAX_QUANTITY : part.available_quantity;

/** What checking a quantity of a part needs beyond its prices: its name and order multiple. */
export interface OrderedPart extends PricedPart {
  name: string;
  order_multiple: number;
}

/**
 * Why `quantity` pieces of the part cannot be ordered, in the API's own words, as the API checks
 * it: not a multiple of its order multiple (the message names it), else outside its range (SPEC's
 * message); undefined when they can.
 */
export function quantityProblem(part: OrderedPart, quantity: number): string | undefined {
  if (!isOrderMultiple(quantity, part.order_multiple))
    return notMultipleMessage(part.name, part.order_multiple);
  if (!inRange(part, quantity)) return OUT_OF_RANGE_MESSAGE;
  return undefined;
}

/**
 * The quantity one step up (1) or down (-1) from what is typed, in the part's multiples: the next
 * multiple above or below it, never below the part's least order (its minimum in its multiples);
 * the least order when nothing whole is typed.
 */
export function steppedQuantity(
  part: Pick<OrderedPart, 'min_order_quantity' | 'order_multiple'>,
  typed: string,
  direction: 1 | -1,
): number {
  const least = orderQuantityFor(part);
  const pieces = typedPieces(typed);
  if (pieces === undefined) return least;
  const step = part.order_multiple;
  const next =
    direction === 1 ? Math.floor(pieces / step) * step + step : Math.ceil(pieces / step) * step - step;
  return Math.min(Math.max(next, least), Math.floor(MAX_QUANTITY / step) * step);
}

/** Prices `quantity` pieces of `part`: each piece at the price break it reaches (unitPriceFor). */
export function priceLine(part: PricedPart, quantity: number): PricedLine {
  const unitPrice = unitPriceFor(part, quantity);
  const price = unitPrice * quantity;
  return { quantity, unitPrice, price, saving: part.price_per_piece * quantity - price };
}

/** What a price saves against the list price, in whole percent (rounded half up). */
export function savingPercent(listPrice: number, price: number): number {
  if (listPrice <= 0) return 0;
  return Math.round(((listPrice - price) * 100) / listPrice);
}
