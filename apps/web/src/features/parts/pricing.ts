import type { Part } from '@shop/contract/parts';
import { inRange, priceLine, savingPercent, typedPieces } from '../../lib/pricing';

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
  | { inRange: false };

/**
 * What `quantity` (as typed) costs: each piece at the price it reaches (unitPriceFor), the total,
 * and what it saves against the list price. In range (docs/product.md §5) it is a whole number
 * from the minimum order to the pieces available.
 */
export function quoteFor(part: Part, typed: string): Quote {
  const quantity = typedPieces(typed);
  if (quantity === undefined || !inRange(part, quantity)) return { inRange: false };
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
