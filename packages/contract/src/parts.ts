import { z } from 'zod';
import { Id, Paging } from './primitives.js';

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
    .optional()
    .describe('case-insensitive literal substring of the part name'),
});
export type PartsQuery = z.output<typeof PartsQuery>;

export const PartByIdQuery = z.object({ id: Id });
