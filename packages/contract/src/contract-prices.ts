import { z } from 'zod';
import { Day } from './availability.js';
import { MAX_PRICE_PER_PIECE } from './parts.js';
import { Id, partsOnce, wholeNumber } from './primitives.js';

/*
 * A company's contract prices (`/api/companies/{id}/prices`): docs/api.md, "Contract prices". Set
 * by the shop's admin, per part, with an optional last day; a member pays the contract price
 * wherever it is below the list price for the quantity (parts.ts unitPriceFor).
 */

/** The most contract prices one company keeps. */
export const MAX_CONTRACT_PRICES = 5_000;

export const ContractPriceInput = z.object({
  partsId: Id,
  unitPrice: wholeNumber({ min: 1, max: MAX_PRICE_PER_PIECE }),
  validUntil: Day.optional().describe('the last day the price applies (YYYY-MM-DD); left out: no end'),
});

/** `PUT /api/companies/{id}/prices`: the company's whole list, replacing the one kept. */
export const ContractPricesBody = z.object({
  items: z
    .array(ContractPriceInput, { error: 'must be a list of items' })
    .max(MAX_CONTRACT_PRICES, `must have at most ${MAX_CONTRACT_PRICES} items`)
    .superRefine(partsOnce('names a part already priced in another item')),
});
export type ContractPricesBody = z.output<typeof ContractPricesBody>;
export type ContractPricesInput = z.input<typeof ContractPricesBody>;

/** One contract price, with its part as the catalog has it now. */
export const ContractPriceItem = z.object({
  partsId: Id,
  partsName: z.string(),
  unitPrice: z.number().int(),
  validUntil: z.string().optional().describe('the last day the price applies (YYYY-MM-DD)'),
  listPrice: z.number().int().describe("the part's list price for one piece"),
  expired: z.boolean().describe('whether its last day has passed (it no longer applies)'),
});
export type ContractPriceItem = z.infer<typeof ContractPriceItem>;

/** `GET /api/companies/{id}/prices`: the company's contract prices, by part name. */
export const ContractPrices = z.object({
  items: z
    .array(ContractPriceItem)
    .describe(`every price whose part is in the catalog (at most ${MAX_CONTRACT_PRICES}, so no paging)`),
});
export type ContractPrices = z.infer<typeof ContractPrices>;

/** `POST /api/quotes/{id}/contract`: the accepted quote's prices become the company's, until this day. */
export const ContractFromQuoteBody = z.object({
  validUntil: Day.optional().describe('the last day the prices apply (YYYY-MM-DD); left out: no end'),
});
export type ContractFromQuoteBody = z.output<typeof ContractFromQuoteBody>;

/** Whether a price with this last day still applies on `today` (YYYY-MM-DD): through its last day. */
export function contractPriceApplies(validUntil: string | null | undefined, today: string): boolean {
  return !validUntil || validUntil >= today;
}

export const PAST_DAY_MESSAGE = 'must not be a day in the past';
