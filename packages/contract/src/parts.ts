import { z } from 'zod';
import { Id, NO_CONTROL_MESSAGE, noControlCharacters, Paging, text, wholeNumber } from './primitives.js';

export const Part = z.object({
  _id: Id,
  name: z.string(),
  desc: z.string(),
  img: z.string(),
  price_per_piece: z.number().int(),
  available_quantity: z.number().int(),
  min_order_quantity: z.number().int(),
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

/** The largest quantity and price the shop takes: far above any real order, far below 2^53. */
export const MAX_QUANTITY = 1_000_000_000;
export const MAX_PRICE_PER_PIECE = 1_000_000;

export const NewPartBody = z
  .object({
    name: text({ min: 1, max: 120 }),
    desc: text({ min: 1, max: 2000 }),
    img: ImageRef,
    min_order_quantity: wholeNumber({ min: 1, max: MAX_QUANTITY }),
    available_quantity: wholeNumber({ min: 0, max: MAX_QUANTITY }),
    price_per_piece: wholeNumber({ min: 1, max: MAX_PRICE_PER_PIECE }),
  })
  .refine((part) => part.available_quantity === 0 || part.min_order_quantity <= part.available_quantity, {
    path: ['min_order_quantity'],
    message: 'must not be above available_quantity',
  });
export type NewPartBody = z.output<typeof NewPartBody>;
export type NewPartInput = z.input<typeof NewPartBody>;

/** `POST /api/parts/import`: a CSV file of parts whose header names exactly these columns, in any order. */
export const PARTS_CSV_COLUMNS = [
  'name',
  'desc',
  'img',
  'min_order_quantity',
  'available_quantity',
  'price_per_piece',
] as const;
export const PARTS_CSV_MAX_BYTES = 1024 * 1024;
export const PARTS_CSV_MAX_ROWS = 1000;

export const PartsImported = z.object({
  insertedIds: z.array(Id).describe('the new parts, in the order of the rows'),
  count: z.number().int(),
});
export type PartsImported = z.infer<typeof PartsImported>;
