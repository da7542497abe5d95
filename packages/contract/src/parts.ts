import { z } from 'zod';
import { AttributeValues, Facet, LIFECYCLES, MAX_PART_DOCUMENTS, PartDocument } from './catalog.js';
import { MAX_ORDER_MULTIPLE } from './order-multiple.js';
import { MAX_PRICE_PER_PIECE, MAX_QUANTITY } from './part-pricing.js';
import {
  Id,
  line,
  NO_CONTROL_MESSAGE,
  noControlCharacters,
  Paging,
  text,
  wholeNumber,
} from './primitives.js';
import { DEFAULT_PART_SORT, PART_SORTS } from './storefront.js';

/** A volume price: from `min_quantity` pieces on, each piece costs `price_per_piece`. */
export const PriceBreak = z.object({
  min_quantity: z.number().int(),
  price_per_piece: z.number().int(),
});
export type PriceBreak = z.infer<typeof PriceBreak>;

/** Pieces on their way to the shop, expected on a day (contract availability.ts). */
export const IncomingBatch = z.object({
  quantity: z.number().int(),
  expectedAt: z.string().describe('the day the pieces are expected (YYYY-MM-DD)'),
});
export type IncomingBatch = z.infer<typeof IncomingBatch>;

/** A company's agreed price for a part (contract-prices.ts), as its members see it on the part. */
export const ContractPrice = z.object({
  unitPrice: z.number().int(),
  validUntil: z.string().optional().describe('the last day the price applies (YYYY-MM-DD)'),
});
export type ContractPrice = z.infer<typeof ContractPrice>;

export const Part = z.object({
  _id: Id,
  name: z.string(),
  desc: z.string(),
  img: z.string(),
  price_per_piece: z.number().int(),
  available_quantity: z.number().int(),
  min_order_quantity: z.number().int(),
  price_breaks: z
    .array(PriceBreak)
    .describe('volume prices, by rising min_quantity; a quantity pays the highest break it reaches'),
  order_multiple: z
    .number()
    .int()
    .describe("an order line's quantity is a multiple of it (a reel, a pack); 1: any number of pieces"),
  categoryId: Id.optional(),
  mpn: z.string().optional().describe("the manufacturer's part number"),
  manufacturer: z.string().optional(),
  attributes: z
    .record(z.string(), z.union([z.number(), z.string(), z.boolean()]))
    .describe("the part's specification by its category's keys; numbers in the attribute's base unit"),
  lifecycle: z.enum(LIFECYCLES).describe('active, nrnd (not recommended for new designs) or obsolete'),
  replacementId: Id.optional().describe('the part to take instead'),
  documents: z.array(z.object({ title: z.string(), url: z.string() })),
  fitsTools: z
    .array(z.object({ toolId: Id, model: z.string(), position: z.string() }))
    .optional()
    .describe('the tool models the part fits, with its position on their drawings'),
  customerPartNumber: z
    .string()
    .optional()
    .describe(
      "for a signed-in buyer: their own (or their company's) number for the part, when they keep one",
    ),
  contractPrice: ContractPrice.optional().describe(
    "for a signed-in member of a company: the company's contract price for the part, while it applies and is below the list price for one piece",
  ),
  incoming: z.array(IncomingBatch).describe('pieces on their way to the shop, by expected day'),
  leadTimeDays: z.number().int().optional().describe('days from an order to pieces nobody expects yet'),
  backorderable: z
    .boolean()
    .describe('whether an order may take more than is in stock: the rest waits for the incoming pieces'),
  backordered: z
    .number()
    .int()
    .describe('pieces orders wait for already: the incoming pieces go to them first, oldest order first'),
});
export type Part = z.infer<typeof Part>;

export const PartList = z.array(Part);

export const PartsQuery = Paging.extend({
  q: z
    .string()
    .max(200, 'must be at most 200 characters')
    .refine(noControlCharacters, NO_CONTROL_MESSAGE)
    .optional()
    .describe('case-insensitive literal substring of the part name'),
  sort: z
    .enum(PART_SORTS, { error: `must be one of ${PART_SORTS.join(', ')}` })
    .optional()
    .default(DEFAULT_PART_SORT)
    .describe('catalog (oldest first, default), name (A–Z), -name (Z–A) or newest (newest first)'),
});
export type PartsQuery = z.output<typeof PartsQuery>;

export const PartByIdQuery = z.object({ id: Id });

/** A picture: one stored by `POST /api/images`, or any http(s) address (docs/api.md precise point 13). */
export const ImageRef = z
  .string({ error: 'must be a picture address' })
  .trim()
  .min(1, 'is required')
  .max(2000, 'must be at most 2000 characters')
  .refine(noControlCharacters, NO_CONTROL_MESSAGE)
  .refine(
    (value) =>
      /^\/api\/images\/[0-9a-f]{64}\.webp$/.test(value) || /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value),
    'must be an http(s) address or a picture uploaded to /api/images',
  );

/** At most this many price breaks per part. */
export const MAX_PRICE_BREAKS = 10;

export {
  isOrderMultiple,
  MAX_ORDER_MULTIPLE,
  notMultipleMessage,
  orderQuantityFor,
} from './order-multiple.js';
export { MAX_PRICE_PER_PIECE, MAX_QUANTITY, unitPriceFor } from './part-pricing.js';

/**
 * The price breaks' rules (docs/api.md): each break's `min_quantity` lies above the part's minimum
 * order and above the break before it, each price below the part's price and below the break
 * before it. One problem per wrong tier, at the field at fault.
 */
export function priceBreakProblems(part: {
  price_per_piece: number;
  min_order_quantity: number;
  price_breaks: readonly PriceBreak[];
}): { index: number; field: keyof PriceBreak; message: string }[] {
  const problems: { index: number; field: keyof PriceBreak; message: string }[] = [];
  part.price_breaks.forEach((tier, index) => {
    const before = part.price_breaks[index - 1];
    if (tier.min_quantity <= (before?.min_quantity ?? part.min_order_quantity))
      problems.push({
        index,
        field: 'min_quantity',
        message: before
          ? `must be above the previous break's min_quantity (${before.min_quantity})`
          : `must be above min_order_quantity (${part.min_order_quantity})`,
      });
    else if (tier.price_per_piece >= (before?.price_per_piece ?? part.price_per_piece))
      problems.push({
        index,
        field: 'price_per_piece',
        message: before
          ? `must be below the previous break's price_per_piece (${before.price_per_piece})`
          : `must be below price_per_piece (${part.price_per_piece})`,
      });
  });
  return problems;
}

const PriceBreakInput = z.object({
  min_quantity: wholeNumber({ min: 2, max: MAX_QUANTITY }),
  price_per_piece: wholeNumber({ min: 1, max: MAX_PRICE_PER_PIECE }),
});

export const NewPartBody = z
  .object({
    name: line({ min: 1, max: 120 }),
    desc: text({ min: 1, max: 2000 }),
    img: ImageRef,
    min_order_quantity: wholeNumber({ min: 1, max: MAX_QUANTITY }),
    available_quantity: wholeNumber({ min: 0, max: MAX_QUANTITY }),
    price_per_piece: wholeNumber({ min: 1, max: MAX_PRICE_PER_PIECE }),
    price_breaks: z
      .array(PriceBreakInput, { error: 'must be a list of price breaks' })
      .max(MAX_PRICE_BREAKS, `must have at most ${MAX_PRICE_BREAKS} breaks`)
      .optional()
      .describe('volume prices; left out: none for a new part, unchanged for an edited one'),
    order_multiple: wholeNumber({ min: 1, max: MAX_ORDER_MULTIPLE })
      .optional()
      .describe(
        "an order line's quantity must be a multiple of it (a reel, a pack); left out: 1 for a new part, unchanged for an edited one",
      ),
    categoryId: Id.nullish().describe(
      'left out: none for a new part, unchanged for an edited one; null: none',
    ),
    mpn: line({ min: 1, max: 60 }).nullish().describe("the manufacturer's part number; null: none"),
    manufacturer: line({ min: 1, max: 80 }).nullish(),
    attributes: AttributeValues.optional().describe(
      "values of the category's attributes; numbers also as written with a prefix and unit (4.7u, 10kΩ)",
    ),
    lifecycle: z.enum(LIFECYCLES, { error: `must be one of ${LIFECYCLES.join(', ')}` }).optional(),
    replacementId: Id.nullish().describe('the part to take instead (for nrnd and obsolete parts)'),
    documents: z
      .array(PartDocument, { error: 'must be a list of documents' })
      .max(MAX_PART_DOCUMENTS, `must have at most ${MAX_PART_DOCUMENTS} documents`)
      .optional(),
  })
  .refine((part) => part.available_quantity === 0 || part.min_order_quantity <= part.available_quantity, {
    path: ['min_order_quantity'],
    message: 'must not be above available_quantity',
  })
  .superRefine((part, ctx) => {
    if (!part.price_breaks) return;
    for (const problem of priceBreakProblems({ ...part, price_breaks: part.price_breaks }))
      ctx.addIssue({
        code: 'custom',
        path: ['price_breaks', problem.index, problem.field],
        message: problem.message,
      });
  });
export type NewPartBody = z.output<typeof NewPartBody>;
export type NewPartInput = z.input<typeof NewPartBody>;

/** `POST /api/parts/import`: a CSV file of parts whose header names each of these columns once, in any order. */
export const PARTS_CSV_COLUMNS = [
  'name',
  'desc',
  'img',
  'min_order_quantity',
  'available_quantity',
  'price_per_piece',
] as const;
/**
 * Columns the header may also name. `price_breaks` holds a part's price breaks as
 * `min_quantity:price_per_piece` pairs separated by `;` (e.g. `100:12;500:10`); empty: none.
 * `category` a category's id or its name (when no other has it); `replacement` a part's id;
 * `attributes` `key=value` pairs separated by `;` (`resistance=10k;package=0603;smd=true`);
 * `documents` `title|url` pairs separated by `;`; `order_multiple` a whole number (empty: 1).
 * Availability (docs/api.md): `backorderable` true or false (empty: false); `lead_time_days` a
 * whole number of days, 0–365 (empty: unknown); `incoming` `quantity@YYYY-MM-DD` batches
 * separated by `;` (e.g. `500@2026-03-01;200@2026-04-15`), at most 20.
 * An empty cell is none.
 */
export const PARTS_CSV_OPTIONAL_COLUMNS = [
  'price_breaks',
  'order_multiple',
  'category',
  'mpn',
  'manufacturer',
  'lifecycle',
  'replacement',
  'attributes',
  'documents',
  'backorderable',
  'lead_time_days',
  'incoming',
] as const;
export const PARTS_CSV_MAX_BYTES = 1024 * 1024;
export const PARTS_CSV_MAX_ROWS = 1000;

export const PartsImported = z.object({
  insertedIds: z.array(Id).describe('the new parts, in the order of the rows'),
  count: z.number().int(),
});
export type PartsImported = z.infer<typeof PartsImported>;

/** `GET /api/catalog/search`: a page of the parts found, how many in all, and the facets. */
export const PartSearchResult = z.object({
  total: z.number().int(),
  parts: z.array(Part),
  facets: z.array(Facet),
});
export type PartSearchResult = z.infer<typeof PartSearchResult>;
