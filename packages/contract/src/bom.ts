import { z } from 'zod';
import { type PriceBreak, unitPriceFor } from './parts.js';
import { Id, line, wholeNumber } from './primitives.js';

/** `POST /api/bom`: the largest file (or pasted text) and the most rows a bill of materials may have. */
export const BOM_MAX_BYTES = 5 * 1024 * 1024;
export const BOM_MAX_ROWS = 5000;
/** The most columns a row may have (a wider file is no bill of materials). */
export const BOM_MAX_COLUMNS = 200;
export const BOM_MAX_BOARDS = 1_000_000;
/** The most candidates a line offers. */
export const BOM_MAX_CANDIDATES = 5;

/** What a line's part was found by. */
export const BOM_MATCH_KINDS = ['id', 'customerPartNumber', 'mpn', 'name'] as const;
export type BomMatchKind = (typeof BOM_MATCH_KINDS)[number];

/**
 * What keeps a line from ordering as it is. `not_enough_stock`: the pieces in stock are fewer
 * than the line needs; `above_available`: the stock covers what is needed, but the part's minimum
 * or order multiple raise the order quantity above it. `invalid_quantity`: the quantity cell is no
 * number of pieces (empty, negative, text).
 */
export const BOM_PROBLEMS = [
  'not_found',
  'ambiguous',
  'obsolete',
  'not_enough_stock',
  'above_available',
  'invalid_quantity',
] as const;
export type BomProblem = (typeof BOM_PROBLEMS)[number];

/** A column's name as the file's header writes it (or a letter, A, B, …, for a file without one). */
const ColumnName = line({ min: 1, max: 100 });

/** Which column holds what: column names as the header writes them. */
export const BomMapping = z.object({
  partNumber: ColumnName.describe("the column of our part id, the manufacturer's or the buyer's number"),
  quantity: ColumnName.describe('the column of the quantity per board'),
  reference: ColumnName.optional().describe('the column of designators (R1, R2) or a cost code'),
  description: ColumnName.optional().describe('the column of a description (used to suggest parts by name)'),
});
export type BomMapping = z.output<typeof BomMapping>;

/** The attrition as a percent, 0–100, at most two decimals (2.5 = 2.5 % more). */
const Attrition = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d+)?$/, 'must be a number from 0 to 100'),
    ],
    {
      error: 'must be a number from 0 to 100',
    },
  )
  .transform(Number)
  .pipe(
    z
      .number()
      .min(0, 'must be at least 0')
      .max(100, 'must be at most 100')
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, 'must have at most two decimals'),
  );

/** What every BOM request may say besides its rows. */
export const BomOptions = z.object({
  boards: wholeNumber({ min: 1, max: BOM_MAX_BOARDS })
    .optional()
    .default(1)
    .describe('how many boards the BOM is for (1–1,000,000, default 1)'),
  attrition: Attrition.optional()
    .default(0)
    .describe('extra pieces for losses, as a percent of what the boards need (0–100, default 0)'),
  mapping: BomMapping.optional().describe('the columns to read; left out: found by their headings'),
});
export type BomOptions = z.output<typeof BomOptions>;

/** The JSON form: pasted rows (tab, comma or semicolon separated) and the options. */
export const BomTextBody = BomOptions.extend({
  text: z
    .string({ error: 'must be text' })
    .max(BOM_MAX_BYTES, `must be at most ${BOM_MAX_BYTES} characters`)
    .refine((value) => value.trim().length > 0, 'is required')
    .describe('rows as pasted from a spreadsheet; the first may name the columns'),
});
export type BomTextInput = z.input<typeof BomTextBody>;

export const BomLine = z.object({
  row: z
    .number()
    .int()
    .describe("the row's number in the file or the pasted text (1 is the first; a header is row 1)"),
  input: z.object({
    partNumber: z.string(),
    quantity: z.number().describe('pieces per board as read (0 when the cell holds no number)'),
    reference: z.string().optional(),
    description: z.string().optional(),
  }),
  match: z
    .object({
      partsId: Id,
      partsName: z.string(),
      by: z.enum(BOM_MATCH_KINDS),
      exact: z
        .boolean()
        .describe(
          'true when the number is written as the shop writes it; false when it matched only normalised',
        ),
    })
    .optional(),
  candidates: z
    .array(z.object({ partsId: Id, partsName: z.string() }))
    .optional()
    .describe(`parts the line may mean (at most ${BOM_MAX_CANDIDATES}); the buyer picks one`),
  needed: z.number().int().describe('quantity × boards, plus attrition, rounded up'),
  orderQuantity: z
    .number()
    .int()
    .describe('needed raised to the minimum, the order multiple and a price break that costs no more'),
  unitPrice: z.number().int().optional(),
  price: z.number().int().optional(),
  problems: z.array(z.enum(BOM_PROBLEMS)),
  replacement: z
    .object({ partsId: Id, partsName: z.string() })
    .optional()
    .describe('an obsolete part: the part to take instead'),
});
export type BomLine = z.infer<typeof BomLine>;

export const BomResult = z.object({
  mapping: z
    .object({
      partNumber: z.string(),
      quantity: z.string(),
      reference: z.string().optional(),
      description: z.string().optional(),
    })
    .describe('the columns read'),
  columns: z.array(z.string()).describe("the file's columns, as its header names them (A, B, … without one)"),
  header: z.boolean().describe('whether the first row named the columns'),
  format: z.enum(['csv', 'xlsx', 'text']),
  encoding: z
    .enum(['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'])
    .optional()
    .describe('how the text was read (CSV and pasted text)'),
  boards: z.number().int(),
  attrition: z.number(),
  lines: z.array(BomLine),
  total: z.number().int().describe('the price of the lines that have one, whole dollars'),
  unmatched: z.number().int().describe('lines without a match'),
});
export type BomResult = z.infer<typeof BomResult>;

/** The scale of a quantity per board: up to six decimals are kept (0.000001 pieces per board). */
const QUANTITY_SCALE = 1_000_000n;
const ATTRITION_SCALE = 10_000n;

/**
 * What the boards need of a line: quantity × boards, plus `attrition` percent, rounded up to
 * whole pieces. Exact for quantities of up to six decimals and attrition of up to two (no
 * floating-point surprise such as 100 × 1.1 = 110.00000000000001 → 111).
 */
export function neededQuantity(quantity: number, boards: number, attrition: number): number {
  if (!(quantity > 0) || !Number.isFinite(quantity)) return 0;
  const perBoard = BigInt(Math.round(quantity * Number(QUANTITY_SCALE)));
  const factor = ATTRITION_SCALE + BigInt(Math.round(attrition * 100));
  const numerator = perBoard * BigInt(boards) * factor;
  const denominator = QUANTITY_SCALE * ATTRITION_SCALE;
  return Number((numerator + denominator - 1n) / denominator);
}

/** What the part asks of an order line's quantity, and its prices. */
export interface OrderRounding {
  needed: number;
  /** The part's minimum order quantity. */
  minimum: number;
  /** The part's order multiple (reels, packs); 1 when it has none. */
  multiple: number;
  /** The part's price per piece without a break. */
  price: number;
  priceBreaks: readonly PriceBreak[];
  /** Pieces in stock: a price break is not reached for by ordering more than there are. */
  available?: number;
}

const roundUpTo = (quantity: number, multiple: number) => Math.ceil(quantity / multiple) * multiple;

/** Whole dollars for `quantity` pieces at the price that quantity reaches (BigInt: no rounding at any size). */
function costOf(rounding: OrderRounding, quantity: number): bigint {
  const unit = unitPriceFor(
    { price_per_piece: rounding.price, price_breaks: rounding.priceBreaks },
    quantity,
  );
  return BigInt(quantity) * BigInt(unit);
}

/**
 * The quantity to order for a line that needs `needed` pieces: raised to the part's minimum, then
 * to its order multiple, then to a price break when the pieces there cost no more in all (the
 * cheapest such quantity; of equal prices, the most pieces), never past the pieces in stock.
 * Nothing needed: nothing ordered.
 */
export function orderQuantityFor(rounding: OrderRounding): number {
  const { needed, minimum, priceBreaks, available } = rounding;
  if (needed <= 0) return 0;
  const multiple = Math.max(1, rounding.multiple);
  let best = roundUpTo(Math.max(needed, minimum), multiple);
  let bestCost = costOf(rounding, best);
  for (const tier of priceBreaks) {
    if (tier.min_quantity <= best) continue;
    const quantity = roundUpTo(tier.min_quantity, multiple);
    if (available !== undefined && quantity > available) break;
    const cost = costOf(rounding, quantity);
    if (cost <= bestCost) {
      best = quantity;
      bestCost = cost;
    }
  }
  return best;
}

/** What keeps a matched line from ordering as it is: its part's lifecycle and stock against the quantities. */
export function matchedLineProblems(
  part: { lifecycle: string; available_quantity: number },
  needed: number,
  orderQuantity: number,
): BomProblem[] {
  const problems: BomProblem[] = [];
  if (part.lifecycle === 'obsolete') problems.push('obsolete');
  if (needed > part.available_quantity) problems.push('not_enough_stock');
  else if (orderQuantity > part.available_quantity) problems.push('above_available');
  return problems;
}

/**
 * Reads a quantity cell: a number of pieces per board, `.` or `,` as the decimal point, `1,000`
 * or `1 000` as thousands, an optional unit word after it (`10 pcs`). Undefined when it is none.
 */
export function readQuantity(cell: string): number | undefined {
  const text = cell
    .trim()
    .replace(/\s*(pcs?|pieces?|ea|x|stk|st)\.?$/i, '')
    .replace(/[\s\u00a0\u202f']/g, '');
  if (!text) return undefined;
  let normal: string;
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) normal = text.replaceAll(',', '');
  else if (/^\d{1,3}(\.\d{3})+,\d+$/.test(text)) normal = text.replaceAll('.', '').replace(',', '.');
  else if (/^\d+([.,]\d+)?$/.test(text)) normal = text.replace(',', '.');
  else return undefined;
  const value = Number(normal);
  return Number.isFinite(value) && value <= 1_000_000_000 ? value : undefined;
}
