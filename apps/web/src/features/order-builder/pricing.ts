import { OUT_OF_RANGE_MESSAGE } from '@shop/contract/orders';
import { inRange, type PricedLine, type PricedPart, priceLine, typedPieces } from '../../lib/pricing';

export const UNKNOWN_PART_MESSAGE = 'This part is not in the catalog (any more).';
export const NOT_WHOLE_MESSAGE = 'Enter a whole number of pieces.';
export const DUPLICATE_PART_MESSAGE = 'This part is already on another line.';
export const OBSOLETE_PART_MESSAGE = 'This part is obsolete and cannot be ordered.';

/**
 * A builder line checked as typed: its problem (unknown or obsolete part, a quantity that is no
 * whole number or lies outside the part's range, a part already on an earlier line), else its prices.
 * `part` is null for a part the catalog no longer has, undefined while it loads.
 */
export function checkLine(
  part: (PricedPart & { lifecycle?: string }) | null | undefined,
  typed: string,
  duplicate: boolean,
): { problem: string } | { priced: PricedLine } | { loading: true } {
  if (duplicate) return { problem: DUPLICATE_PART_MESSAGE };
  if (part === null) return { problem: UNKNOWN_PART_MESSAGE };
  const quantity = typedPieces(typed);
  if (quantity === undefined) return { problem: NOT_WHOLE_MESSAGE };
  if (part === undefined) return { loading: true };
  if (part.lifecycle === 'obsolete') return { problem: OBSOLETE_PART_MESSAGE };
  if (!inRange(part, quantity)) return { problem: OUT_OF_RANGE_MESSAGE };
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
