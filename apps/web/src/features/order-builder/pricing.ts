import { MAX_REFERENCE } from '@shop/contract/order-limits';
import {
  type OrderedPart,
  type PricedLine,
  priceLine,
  quantityProblem,
  typedPieces,
} from '../../lib/pricing';

export const UNKNOWN_PART_MESSAGE = 'This part is not in the catalog (any more).';
export const NOT_WHOLE_MESSAGE = 'Enter a whole number of pieces.';
export const DUPLICATE_PART_MESSAGE = 'This part is already on another line.';
export const OBSOLETE_PART_MESSAGE = 'This part is obsolete and cannot be ordered.';

/**
 * What a line's reference as typed is refused for, as the API refuses it (contract orders.ts
 * LineReference: trimmed, at most MAX_REFERENCE characters); undefined when it may be sent. Nothing
 * typed is ever cut: a longer reference stays as typed, marked, until the buyer shortens it.
 */
export function referenceProblem(typed: string): string | undefined {
  const length = typed.trim().length;
  return length > MAX_REFERENCE
    ? `A reference is at most ${MAX_REFERENCE} characters; this one has ${length}.`
    : undefined;
}

/**
 * A builder line checked as typed: its problem (unknown or obsolete part, a quantity that is no
 * whole number, is not a multiple of the part's order multiple or lies outside its range, a part
 * already on an earlier line), else its prices. `part` is null for a part the catalog no longer
 * has, undefined while it loads.
 */
export function checkLine(
  part: (OrderedPart & { lifecycle?: string }) | null | undefined,
  typed: string,
  duplicate: boolean,
): { problem: string } | { priced: PricedLine } | { loading: true } {
  if (duplicate) return { problem: DUPLICATE_PART_MESSAGE };
  if (part === null) return { problem: UNKNOWN_PART_MESSAGE };
  const quantity = typedPieces(typed);
  if (quantity === undefined) return { problem: NOT_WHOLE_MESSAGE };
  if (part === undefined) return { loading: true };
  if (part.lifecycle === 'obsolete') return { problem: OBSOLETE_PART_MESSAGE };
  const problem = quantityProblem(part, quantity);
  if (problem) return { problem };
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
