import { OUT_OF_RANGE_MESSAGE } from '@shop/contract/order-limits';
import type { Part } from '@shop/contract/parts';
import { priceLine, quantityProblem, savingPercent, typedPieces } from '../../lib/pricing';

/** One row of a part's price table: from which quantity a piece costs what, and what that saves. */
export interface PriceRow {
  from: number;
  price: number;
  savingPercent: number;
}

/** The part's prices by quantity: its list price from its minimum order, then each break. */
export function priceTable(part: Part): PriceRow[] {
  return [
    { from: part.min_order_quantity, price: part.price_per_piece, savingPercent: 0 },
    ...part.price_breaks.map((tier) => ({
      from: tier.min_quantity,
      price: tier.price_per_piece,
      savingPercent: savingPercent(part.price_per_piece, tier.price_per_piece),
    })),
  ];
}

/** A quantity's price, or why it cannot be ordered. */
export type Quote =
  | {
      inRange: true;
      quantity: number;
      unitPrice: number;
      total: number;
      saving: number;
      savingPercent: number;
    }
  /** What is wrong, in the API's words: SPEC's range message, or the order multiple's. */
  | { inRange: false; problem: string };

/**
 * What `quantity` (as typed) costs: each piece at the price it reaches (unitPriceFor), the total,
 * and what it saves against the list price. It can be ordered when it is a whole number in the
 * part's multiples, from the minimum order to the pieces available (docs/product.md §5).
 */
export function quoteFor(part: Part, typed: string): Quote {
  const quantity = typedPieces(typed);
  if (quantity === undefined) return { inRange: false, problem: OUT_OF_RANGE_MESSAGE };
  const problem = quantityProblem(part, quantity);
  if (problem) return { inRange: false, problem };
  const line = priceLine(part, quantity);
  return {
    inRange: true,
    quantity,
    unitPrice: line.unitPrice,
    total: line.price,
    saving: line.saving,
    savingPercent: savingPercent(part.price_per_piece, line.unitPrice),
  };
}
