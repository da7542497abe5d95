import { MAX_REFERENCE } from '@shop/contract/order-limits';
import { MAX_QUANTITY } from '@shop/contract/part-pricing';

/**
 * The quick order box: lines of "part name or id, quantity" typed or pasted from a spreadsheet
 * (tab- or ;-separated), maybe with the line's reference after the quantity, read here in two
 * pure steps: the text into rows, then each row's part out of the parts the catalog found for it.
 */

/** A line read as a part (its name or id, as written), a whole quantity and maybe a reference. */
export interface QuickOrderRow {
  /** The line of the text, from 1. */
  lineNumber: number;
  ref: string;
  quantity: number;
  /** The buyer's reference for the line (designators, a cost code), when the line has one. */
  reference?: string;
}

/** A line that could not be used, and why. */
export interface QuickOrderProblem {
  lineNumber: number;
  text: string;
  reason: string;
}

export const NO_QUANTITY_REASON = 'write it as "part name or id, quantity"';
export const NO_PART_REASON = 'no part name or id';
export const NOT_WHOLE_REASON = 'quantity is not a whole number';
export const NOT_POSITIVE_REASON = 'quantity must be positive';
export const TOO_MANY_REASON = `quantity must be at most ${MAX_QUANTITY}`;
/** No part's name is longer (the catalog's rule), and a search of a longer text is refused. */
export const MAX_REF_LENGTH = 120;
export const TOO_LONG_REASON = `part name or id is too long (a part's name has at most ${MAX_REF_LENGTH} characters)`;
export const TOO_LONG_REFERENCE_REASON = `reference is longer than ${MAX_REFERENCE} characters`;
export const UNKNOWN_PART_REASON = 'unknown part';
export const ambiguousReason = (names: readonly string[]) =>
  `ambiguous: matches several parts (${names.slice(0, 3).join(', ')}${names.length > 3 ? ', …' : ''})`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a row names its part by id rather than by name. */
export const isPartId = (ref: string) => UUID.test(ref);

/** A header's quantity column ("Quantity", "Qty", "pcs"), which a spreadsheet's copy often starts with. */
const HEADER_QUANTITY = /^(qty|quantity|quantities|pcs|pieces|amount|count|menge|qté)\.?$/i;

/** A cell as written, without the quotes a spreadsheet's copy may put around it. */
function cell(text: string): string {
  const trimmed = text.trim();
  return /^".*"$/s.test(trimmed) ? trimmed.slice(1, -1).replaceAll('""', '"').trim() : trimmed;
}

/** A cell that reads as a quantity, right or wrong ("20", "2.5", "-3", "15 pcs"), or a header's. */
const quantityLike = (text: string) =>
  /^[-−]?\s*\d+(?:[.,]\d+)?(?:\s*(?:pcs|pieces)\.?)?$/i.test(cell(text)) || HEADER_QUANTITY.test(cell(text));

/**
 * Splits a line into its cells at a tab if it has one (a spreadsheet's copy), else at semicolons,
 * else at commas. Before the quantity stands the part, after it the line's reference. The
 * quantity is the first cell after the part that reads as one, or with commas the last (a name
 * may hold commas and numbers: "Crimper, 0.5 mm, 30"); with none, the last cell. A reference's
 * tab-separated cells are joined with a space: a reference is one line, without tabs.
 */
function split(line: string): { part: string; quantity: string; reference: string } | undefined {
  for (const separator of ['\t', ';', ',']) {
    const cells = line.split(separator).filter((part, index) => index === 0 || part.trim() !== '');
    if (cells.length < 2) continue;
    const isQuantity = (text: string, index: number) => index > 0 && quantityLike(text);
    const found = separator === ',' ? cells.findLastIndex(isQuantity) : cells.findIndex(isQuantity);
    const at = found > 0 ? found : cells.length - 1;
    return {
      part: cells.slice(0, at).join(separator),
      quantity: cells[at] ?? '',
      reference:
        separator === '\t'
          ? cells
              .slice(at + 1)
              .map(cell)
              .join(' ')
          : cell(cells.slice(at + 1).join(separator)),
    };
  }
  return undefined;
}

/** Why a quantity as written cannot be ordered, or undefined when it can. */
function quantityProblem(text: string): string | undefined {
  if (/^[-−]\s*\d+(?:[.,]\d+)?$/.test(text) || /^0+(?:[.,]0+)?$/.test(text)) return NOT_POSITIVE_REASON;
  if (!/^\d+$/.test(text)) return NOT_WHOLE_REASON;
  return Number(text) > MAX_QUANTITY ? TOO_MANY_REASON : undefined;
}

/** A line as a problem quotes it: a very long one cut, with an ellipsis saying so. */
const shortened = (line: string) => (line.length > 80 ? `${line.slice(0, 79)}…` : line);

/** The text's rows and its unreadable lines; blank lines and a header first line are skipped. */
export function parseQuickOrderText(text: string): { rows: QuickOrderRow[]; problems: QuickOrderProblem[] } {
  const rows: QuickOrderRow[] = [];
  const problems: QuickOrderProblem[] = [];
  let first = true;
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const lineNumber = index + 1;
    const line = raw.trim();
    if (line === '') return;
    const wasFirst = first;
    first = false;
    const cells = split(line);
    if (!cells) {
      problems.push({ lineNumber, text: shortened(line), reason: NO_QUANTITY_REASON });
      return;
    }
    const ref = cell(cells.part);
    const quantityText = cell(cells.quantity).replace(/\s*(pcs|pieces)\.?$/i, '');
    if (wasFirst && HEADER_QUANTITY.test(quantityText)) return;
    if (ref === '') {
      problems.push({ lineNumber, text: shortened(line), reason: NO_PART_REASON });
      return;
    }
    const reason =
      ref.length > MAX_REF_LENGTH
        ? TOO_LONG_REASON
        : (quantityProblem(quantityText) ??
          (cells.reference.length > MAX_REFERENCE ? TOO_LONG_REFERENCE_REASON : undefined));
    if (reason) {
      problems.push({ lineNumber, text: shortened(line), reason });
      return;
    }
    const quantity = Number(quantityText);
    rows.push({ lineNumber, ref, quantity, ...(cells.reference ? { reference: cells.reference } : {}) });
  });
  return { rows, problems };
}

/** A part as the catalog's search or its by-id look-up found it. */
export interface FoundPart {
  _id: string;
  name: string;
}

/** A row with its part found: what goes into the order builder. */
export interface QuickOrderLine {
  lineNumber: number;
  partsId: string;
  quantity: number;
  reference?: string;
}

/** How a row's part is looked up: its id, or a search of the catalog's names for it. */
export const lookupKey = (ref: string) => (isPartId(ref) ? ref.toLowerCase() : ref.toLocaleLowerCase());

/**
 * Each row's part among those `found` for its ref (keyed by lookupKey): the part of that id; else
 * the one part whose name is the ref (case-insensitive); else the one part whose name holds it.
 * Several and none are problems.
 */
export function resolveQuickOrder(
  rows: readonly QuickOrderRow[],
  found: ReadonlyMap<string, readonly FoundPart[]>,
): { lines: QuickOrderLine[]; problems: QuickOrderProblem[] } {
  const lines: QuickOrderLine[] = [];
  const problems: QuickOrderProblem[] = [];
  for (const row of rows) {
    const key = lookupKey(row.ref);
    const candidates = found.get(key) ?? [];
    const text = `${row.ref}, ${row.quantity}`;
    let matches: readonly FoundPart[];
    if (isPartId(row.ref)) matches = candidates.filter((part) => part._id.toLowerCase() === key);
    else {
      const exact = candidates.filter((part) => part.name.toLocaleLowerCase() === key);
      matches =
        exact.length > 0 ? exact : candidates.filter((part) => part.name.toLocaleLowerCase().includes(key));
    }
    const [only] = matches;
    if (matches.length === 1 && only)
      lines.push({
        lineNumber: row.lineNumber,
        partsId: only._id,
        quantity: row.quantity,
        ...(row.reference ? { reference: row.reference } : {}),
      });
    else
      problems.push({
        lineNumber: row.lineNumber,
        text,
        reason:
          matches.length === 0 ? UNKNOWN_PART_REASON : ambiguousReason(matches.map((part) => part.name)),
      });
  }
  return { lines, problems };
}
