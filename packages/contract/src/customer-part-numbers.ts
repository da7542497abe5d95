import { z } from 'zod';
import { Id, line, partsOnce } from './primitives.js';

/*
 * A buyer's own numbers for the shop's parts (`/api/customer-part-numbers`): docs/api.md,
 * "Customer part numbers". A company keeps one set, shared by its members (its admins write it);
 * a buyer in no company keeps their own.
 */

/** The most numbers one set (a buyer's or a company's) keeps, and the longest number. */
export const MAX_CUSTOMER_PART_NUMBERS = 10_000;
export const MAX_CUSTOMER_PART_NUMBER_LENGTH = 64;

/**
 * A part number as numbers are compared: lower case, without spaces, '-', '/' and '.' (so
 * "AB-12 C", "ab12c" and "AB/12.C" are one number). The server's partNumberKey (db/text-search.ts),
 * which the search and the uniqueness of a set use; here for the web app's checks before it sends.
 */
export function numberKey(text: string): string {
  return text.toLowerCase().replace(/[\s\-/.]/g, '');
}

/**
 * A customer part number as written: one line of 1–64 characters with at least one letter or
 * digit (numbers are compared with case, spaces, '-', '/' and '.' ignored, so one made only of
 * those would compare as nothing).
 */
export const CustomerPartNumber = line({ min: 1, max: MAX_CUSTOMER_PART_NUMBER_LENGTH }).refine(
  (value) => /[\p{L}\p{N}]/u.test(value),
  'must have a letter or a digit',
);

export const CustomerPartNumberInput = z.object({
  partsId: Id,
  customerPartNumber: CustomerPartNumber,
});

/**
 * `PUT /api/customer-part-numbers`: the owner's whole set, replacing the one kept. A part at most
 * once (400 naming the item); a number given to two parts is a business refusal (422), as is a
 * part the catalog does not have.
 */
export const CustomerPartNumbersBody = z.object({
  items: z
    .array(CustomerPartNumberInput, { error: 'must be a list of items' })
    .max(MAX_CUSTOMER_PART_NUMBERS, `must have at most ${MAX_CUSTOMER_PART_NUMBERS} items`)
    .superRefine(partsOnce('names a part already given a number in another item')),
});
export type CustomerPartNumbersBody = z.output<typeof CustomerPartNumbersBody>;
export type CustomerPartNumbersInput = z.input<typeof CustomerPartNumbersBody>;

/** One number of the set, with its part as the catalog has it now. */
export const CustomerPartNumberItem = z.object({
  partsId: Id,
  customerPartNumber: z.string(),
  partsName: z.string(),
  mpn: z.string().optional().describe("the part's manufacturer part number"),
});
export type CustomerPartNumberItem = z.infer<typeof CustomerPartNumberItem>;

/** `GET /api/customer-part-numbers`: the caller's set, by customer number. */
export const CustomerPartNumbers = z.object({
  items: z
    .array(CustomerPartNumberItem)
    .describe(
      `every number of the set whose part is in the catalog, by number (at most ${MAX_CUSTOMER_PART_NUMBERS}, so no paging)`,
    ),
  owner: z
    .enum(['company', 'user'])
    .describe("whose set: the caller's company's (shared by its members) or the caller's own"),
  editable: z
    .boolean()
    .describe('whether the caller may replace it: a company admin, or a buyer in no company'),
});
export type CustomerPartNumbers = z.infer<typeof CustomerPartNumbers>;

/** A set changed since it was read (`If-Match`): the editor reads it again. */
export const CUSTOMER_PART_NUMBERS_CHANGED_MESSAGE =
  'Your part numbers were changed meanwhile (by you elsewhere or a colleague): load them again and redo your change.';

/** A company's buyers read its numbers; its admins keep them. */
export const ONLY_COMPANY_ADMINS_MESSAGE =
  "Only your company's admins may change its part numbers; ask one of them.";
