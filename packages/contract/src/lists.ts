import { z } from 'zod';
import { partLines } from './orders.js';
import { PriceBreak } from './parts.js';
import { Id, line, Paging } from './primitives.js';

/** The most lines a saved list holds, and the most lists one buyer keeps. */
export const MAX_LIST_LINES = 100;
export const MAX_LISTS = 100;

/** `POST /api/lists` and `PUT /api/lists/{id}`: a named list of parts and quantities to order again. */
export const ListBody = z.object({
  name: line({ min: 1, max: 100 }),
  lines: partLines(0, MAX_LIST_LINES),
});
export type ListBody = z.output<typeof ListBody>;
export type ListInput = z.input<typeof ListBody>;

/** A saved list's line, with its part as the catalog has it today (absent once the part is gone). */
export const ListLine = z.object({
  partsId: Id,
  quantity: z.number().int(),
  reference: z.string().optional().describe("the buyer's reference for the line"),
  part: z
    .object({
      name: z.string(),
      price_per_piece: z.number().int(),
      available_quantity: z.number().int(),
      min_order_quantity: z.number().int(),
      order_multiple: z.number().int(),
      price_breaks: z.array(PriceBreak),
    })
    .optional()
    .describe('the part today; left out when it has left the catalog'),
});
export type ListLine = z.infer<typeof ListLine>;

export const SavedList = z.object({
  _id: Id,
  name: z.string(),
  lines: z.array(ListLine),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedList = z.infer<typeof SavedList>;
export const SavedLists = z.array(SavedList);

export const ListIdParams = z.object({ id: Id });

/** `GET /api/lists`: the caller's lists, newest first, a page at a time. */
export const ListsQuery = Paging;

/** The buyer keeps as many lists as the shop allows. */
export const TOO_MANY_LISTS_MESSAGE = `You already keep ${MAX_LISTS} saved lists, the most one account may keep. Delete one before saving another.`;
