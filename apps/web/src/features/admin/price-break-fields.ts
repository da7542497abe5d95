import { type PriceBreak, priceBreakProblems } from '@shop/contract/parts';

/** A price break's row of the product form, as typed. */
export interface PriceBreakFields {
  from: string;
  price: string;
}

const WHOLE = /^\d{1,10}$/;

/** The form's rows as the part's price breaks (rows that are not whole numbers yet are the fields' own error). */
export function toPriceBreaks(rows: readonly PriceBreakFields[]): PriceBreak[] {
  return rows.map((row) => ({ min_quantity: Number(row.from), price_per_piece: Number(row.price) }));
}

export const toPriceBreakFields = (breaks: readonly PriceBreak[]): PriceBreakFields[] =>
  breaks.map((tier) => ({ from: String(tier.min_quantity), price: String(tier.price_per_piece) }));

/**
 * The price breaks' problems while they are typed, by the contract's rule (priceBreakProblems): one
 * per wrong row, at its field. A row is checked against the row before it, so the rows are checked
 * up to the first one not yet a pair of whole numbers; none while the part's minimum quantity or
 * price is not one.
 */
export function priceBreakFieldProblems(
  rows: readonly PriceBreakFields[],
  minQ: string,
  netPrice: string,
): { index: number; field: keyof PriceBreakFields; message: string }[] {
  if (!WHOLE.test(minQ) || !WHOLE.test(netPrice)) return [];
  const typed = rows.findIndex((row) => !WHOLE.test(row.from) || !WHOLE.test(row.price));
  const checked = typed < 0 ? rows : rows.slice(0, typed);
  return priceBreakProblems({
    min_order_quantity: Number(minQ),
    price_per_piece: Number(netPrice),
    price_breaks: toPriceBreaks(checked),
  }).map(({ index, field, message }) => ({
    index,
    field: field === 'min_quantity' ? 'from' : 'price',
    message,
  }));
}
