import type { BomLine, BomMapping, BomProblem } from '@shop/contract/bom';
import { MAX_ORDER_LINES, MAX_REFERENCE } from '@shop/contract/order-limits';

/** What each problem says to a buyer. */
export const PROBLEM_WORDS: Record<BomProblem, string> = {
  not_found: 'Not found',
  ambiguous: 'Choose a part',
  obsolete: 'Obsolete',
  not_enough_stock: 'Not enough in stock',
  above_available: 'Minimum above stock',
  invalid_quantity: 'No quantity',
};

/** Problems a line can still be ordered with (the order builder says what to change). */
const ORDERABLE_WITH: ReadonlySet<BomProblem> = new Set(['not_enough_stock', 'above_available']);

/** A line's problems that keep it out of an order: no part, an obsolete one, no quantity. */
export const blocksOrder = (line: BomLine) =>
  !line.match || line.orderQuantity <= 0 || line.problems.some((problem) => !ORDERABLE_WITH.has(problem));

/**
 * The lines to put in an order, a quote or a list: each matched part once (lines naming the same
 * part add up, their references joined by "; "), at most MAX_ORDER_LINES; `left` counts the parts
 * that did not fit. A part's joined references longer than a line's reference may be (never cut)
 * are left off: the BOM page still shows each line's.
 */
export function partLines(lines: readonly BomLine[]): {
  lines: { partsId: string; quantity: number; reference?: string }[];
  left: number;
} {
  const taken = new Map<string, { quantity: number; references: string[] }>();
  for (const line of lines) {
    if (blocksOrder(line) || !line.match) continue;
    const part = taken.get(line.match.partsId) ?? { quantity: 0, references: [] };
    part.quantity += line.orderQuantity;
    const reference = line.input.reference?.trim();
    if (reference) part.references.push(reference);
    taken.set(line.match.partsId, part);
  }
  const all = [...taken].map(([partsId, { quantity, references }]) => {
    const reference = references.join('; ');
    return reference && reference.length <= MAX_REFERENCE
      ? { partsId, quantity, reference }
      : { partsId, quantity };
  });
  return { lines: all.slice(0, MAX_ORDER_LINES), left: Math.max(0, all.length - MAX_ORDER_LINES) };
}

/** The lines with the fixed ones in place of theirs (by row). */
export const withFixes = (lines: readonly BomLine[], fixes: ReadonlyMap<number, BomLine>): BomLine[] =>
  lines.map((line) => fixes.get(line.row) ?? line);

/** The fixed lines' price and how many lines are still without a part. */
export function totals(lines: readonly BomLine[]): { total: number; unmatched: number; problems: number } {
  return {
    total: lines.reduce((sum, line) => sum + (line.price ?? 0), 0),
    unmatched: lines.filter((line) => !line.match).length,
    problems: lines.filter((line) => line.problems.length > 0).length,
  };
}

/** The header and mapping of the pasted rows that match the buyer's fixes again: a number and a quantity each. */
export const FIX_MAPPING: BomMapping = { partNumber: 'Part Number', quantity: 'Quantity' };

/** The buyer's fixes as rows to match again: tab-separated, a header first (tabs in a number become spaces). */
export function fixRows(fixes: readonly { partNumber: string; quantity: number }[]): string {
  const clean = (text: string) => text.replace(/[\t\r\n"]/g, ' ').trim();
  return [
    `${FIX_MAPPING.partNumber}\t${FIX_MAPPING.quantity}`,
    ...fixes.map((fix) => `${clean(fix.partNumber)}\t${fix.quantity}`),
  ].join('\n');
}

/** Where a buyer's mapping is kept in this browser. */
const mappingKey = (uid: string) => `shop.bom-mapping.${uid}`;

export function savedMapping(uid: string): BomMapping | undefined {
  try {
    const kept = JSON.parse(window.localStorage.getItem(mappingKey(uid)) ?? 'null') as BomMapping | null;
    return kept && typeof kept.partNumber === 'string' && typeof kept.quantity === 'string'
      ? kept
      : undefined;
  } catch {
    return undefined;
  }
}

export function saveMapping(uid: string, mapping: BomMapping): void {
  try {
    window.localStorage.setItem(mappingKey(uid), JSON.stringify(mapping));
  } catch {
    // Storage refused (private mode): the mapping lasts for this page.
  }
}
