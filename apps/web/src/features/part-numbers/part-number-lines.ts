import {
  CustomerPartNumber,
  MAX_CUSTOMER_PART_NUMBER_LENGTH,
  MAX_CUSTOMER_PART_NUMBERS,
  numberKey,
} from '@shop/contract/customer-part-numbers';
import { formatCount } from '../../lib/format';

/**
 * The buyer's own part numbers as the page edits them: pasted lines read into rows, a row's part
 * found by its id or its manufacturer part number, and changes made to the whole set (which the
 * API replaces whole), each checked as the API would check it.
 */

/** One number of the set: the part and the buyer's number for it. */
export interface NumberItem {
  partsId: string;
  customerPartNumber: string;
}

/** The most pasted lines one import reads: each is looked up in the catalog. */
export const MAX_IMPORT_LINES = 200;

/** A pasted line read as a part (its id or manufacturer part number, as written) and the buyer's number. */
export interface ImportRow {
  /** The line of the text, from 1. */
  lineNumber: number;
  ref: string;
  number: string;
}

/** A line that cannot be used, and why. */
export interface ImportProblem {
  lineNumber: number;
  text: string;
  reason: string;
}

export const NO_SEPARATOR_REASON = 'write it as "part id or manufacturer part number, your part number"';
export const NO_PART_REASON = 'no part id or manufacturer part number';
export const TOO_MANY_LINES_REASON = `only ${MAX_IMPORT_LINES} lines are read at a time: paste the rest next`;
export const UNKNOWN_PART_REASON = 'no part in the catalog has this id or manufacturer part number';
export const ambiguousReason = (names: readonly string[]) =>
  `several parts have this manufacturer part number (${names.slice(0, 3).join(', ')}${names.length > 3 ? ', …' : ''}): use the part's id`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a line names its part by id rather than by manufacturer part number. */
export const isPartId = (ref: string) => UUID.test(ref);

/** A header's first cell, which a spreadsheet's copy often starts with. */
const HEADER = /^(parts? ?id|id|mpn|part|part number|manufacturer part number|mfr part( number)?)$/i;

/** A cell as written, without the quotes a spreadsheet's copy may put around it. */
function cell(text: string): string {
  const trimmed = text.trim();
  return /^".*"$/s.test(trimmed) ? trimmed.slice(1, -1).replaceAll('""', '"').trim() : trimmed;
}

/** Splits a line at its first separator: a tab if it has one (a spreadsheet's copy), else ';', else ','. */
function split(line: string): [string, string] | undefined {
  for (const separator of ['\t', ';', ',']) {
    const at = line.indexOf(separator);
    if (at >= 0) return [line.slice(0, at), line.slice(at + 1)];
  }
  return undefined;
}

/** Why a number cannot be kept (as the API would refuse it), or undefined. */
export function numberProblem(number: string): string | undefined {
  const checked = CustomerPartNumber.safeParse(number);
  if (checked.success) return undefined;
  const trimmed = number.trim();
  if (trimmed === '') return 'no part number of yours';
  if (trimmed.length > MAX_CUSTOMER_PART_NUMBER_LENGTH)
    return `your part number must be at most ${MAX_CUSTOMER_PART_NUMBER_LENGTH} characters`;
  return `your part number ${checked.error.issues[0]?.message ?? 'cannot be used'}`;
}

/** Pasted lines read into rows: blank lines skipped, a header line too, at most MAX_IMPORT_LINES. */
export function readImportLines(text: string): { rows: ImportRow[]; problems: ImportProblem[] } {
  const rows: ImportRow[] = [];
  const problems: ImportProblem[] = [];
  let read = 0;
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const lineNumber = index + 1;
    if (raw.trim() === '') return;
    const cells = split(raw);
    if (read === 0 && cells && HEADER.test(cell(cells[0]))) return;
    read += 1;
    if (read > MAX_IMPORT_LINES) {
      if (read === MAX_IMPORT_LINES + 1)
        problems.push({ lineNumber, text: raw, reason: TOO_MANY_LINES_REASON });
      return;
    }
    if (!cells) {
      problems.push({ lineNumber, text: raw, reason: NO_SEPARATOR_REASON });
      return;
    }
    const ref = cell(cells[0]);
    const number = cell(cells[1]);
    const problem = ref === '' ? NO_PART_REASON : numberProblem(number);
    if (problem) problems.push({ lineNumber, text: raw, reason: problem });
    else rows.push({ lineNumber, ref, number: number.trim() });
  });
  return { rows, problems };
}

/** The part a row's reference names, among the parts a lookup found for it: exactly one, or why none. */
export function partFor<P extends { _id: string; name: string; mpn?: string | undefined }>(
  ref: string,
  found: readonly P[],
): P | { problem: string } {
  const matching = isPartId(ref)
    ? found.filter((part) => part._id.toLowerCase() === ref.toLowerCase())
    : found.filter((part) => part.mpn !== undefined && numberKey(part.mpn) === numberKey(ref));
  const [only, ...more] = matching;
  if (!only) return { problem: UNKNOWN_PART_REASON };
  if (more.length > 0) return { problem: ambiguousReason(matching.map((part) => part.name)) };
  return only;
}

/**
 * The set with these numbers in it: a part already in the set takes its new number, a new one is
 * added at the end; a later addition for the same part wins.
 */
export function withNumbers(items: readonly NumberItem[], added: readonly NumberItem[]): NumberItem[] {
  const next = new Map(items.map((item) => [item.partsId, item.customerPartNumber]));
  for (const item of added) next.set(item.partsId, item.customerPartNumber.trim());
  return [...next].map(([partsId, customerPartNumber]) => ({ partsId, customerPartNumber }));
}

/** The set without one part's number. */
export const withoutPart = (items: readonly NumberItem[], partsId: string): NumberItem[] =>
  items.filter((item) => item.partsId !== partsId);

/**
 * What keeps the API from taking the set: more numbers than a set keeps, or a number (as numbers
 * compare) given to two parts; undefined when it would take it.
 */
export function setProblem(items: readonly NumberItem[]): string | undefined {
  if (items.length > MAX_CUSTOMER_PART_NUMBERS)
    return `A set keeps at most ${formatCount(MAX_CUSTOMER_PART_NUMBERS)} part numbers.`;
  const seen = new Map<string, string>();
  for (const item of items) {
    const key = numberKey(item.customerPartNumber);
    const other = seen.get(key);
    if (other !== undefined && other !== item.partsId)
      return `Your part number "${item.customerPartNumber}" is already given to another part: a number names one part (case, spaces, '-', '/' and '.' aside).`;
    seen.set(key, item.partsId);
  }
  return undefined;
}

/** The items whose number or part name holds `text` (case and the numbers' punctuation aside). */
export function filterItems<T extends NumberItem & { partsName: string; mpn?: string | undefined }>(
  items: readonly T[],
  text: string,
): T[] {
  const key = numberKey(text);
  const words = text.trim().toLowerCase();
  if (words === '') return [...items];
  return items.filter(
    (item) =>
      (key !== '' && numberKey(item.customerPartNumber).includes(key)) ||
      (key !== '' && item.mpn !== undefined && numberKey(item.mpn).includes(key)) ||
      item.partsName.toLowerCase().includes(words),
  );
}
