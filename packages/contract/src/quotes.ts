import { z } from 'zod';
import { MAX_ORDER_LINES, OrderBody, partLines } from './orders.js';
import { MAX_PRICE_PER_PIECE } from './parts.js';
import { Id, Paging, text, wholeNumber } from './primitives.js';
import { MAX_QUOTE_MESSAGES, QUOTE_LIST_MESSAGES, QUOTE_THREAD_PAGE } from './quote-limits.js';

/** A quote's life: asked for, answered with an offer, then accepted (an order), declined or expired. */
export const QUOTE_STATUSES = ['requested', 'offered', 'accepted', 'declined', 'expired'] as const;
export const QuoteStatus = z.enum(QUOTE_STATUSES, {
  error: `must be one of ${QUOTE_STATUSES.join(', ')}`,
});
export type QuoteStatus = z.infer<typeof QuoteStatus>;

/** The longest message of a quote's thread. */
export const MAX_QUOTE_MESSAGE = 2000;
const QuoteMessageText = text({ min: 1, max: MAX_QUOTE_MESSAGE });

export { MAX_QUOTE_MESSAGES, QUOTE_LIST_MESSAGES, QUOTE_THREAD_PAGE } from './quote-limits.js';
export const TOO_MANY_QUOTE_MESSAGES_MESSAGE = `This quote already has ${MAX_QUOTE_MESSAGES} messages, the most one quote may hold. Ask for a new quote to go on.`;

/**
 * `POST /api/quotes`: the parts and quantities a buyer asks a price for, and why. Quantities may lie
 * outside the parts' ranges (that is what a quote is for): any whole number of pieces from 1, a
 * multiple of the part's order multiple (a reel is not split for a quote either).
 */
export const QuoteRequestBody = z.object({
  lines: partLines(1, MAX_ORDER_LINES),
  message: QuoteMessageText,
});
export type QuoteRequestBody = z.output<typeof QuoteRequestBody>;
export type QuoteRequestInput = z.input<typeof QuoteRequestBody>;

/** `PUT /api/quotes/{id}` (admins): a unit price for every line of the quote, valid until a moment to come. */
export const QuoteOfferBody = z.object({
  lines: z
    .array(z.object({ partsId: Id, unitPrice: wholeNumber({ min: 1, max: MAX_PRICE_PER_PIECE }) }), {
      error: 'must be a list of lines',
    })
    .min(1, 'must have at least one line')
    .max(MAX_ORDER_LINES, `must have at most ${MAX_ORDER_LINES} lines`),
  validUntil: z.iso
    .datetime({ offset: true, error: 'must be a date and time (ISO 8601)' })
    .describe('until when the offer may be accepted; in the future'),
});
export type QuoteOfferBody = z.output<typeof QuoteOfferBody>;
export type QuoteOfferInput = z.input<typeof QuoteOfferBody>;

/** `POST /api/quotes/{id}/messages`. */
export const QuoteMessageBody = z.object({ message: QuoteMessageText });
export type QuoteMessageBody = z.output<typeof QuoteMessageBody>;

export const QuoteLine = z.object({
  partsId: Id,
  partsName: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int().optional().describe('the offer, whole dollars a piece (once offered)'),
  reference: z.string().optional().describe("the buyer's reference for the line, carried to the order"),
});
export type QuoteLine = z.infer<typeof QuoteLine>;

export const QuoteMessage = z.object({
  from: z.enum(['buyer', 'shop']),
  message: z.string(),
  createdAt: z.string(),
});
export type QuoteMessage = z.infer<typeof QuoteMessage>;

export const Quote = z.object({
  _id: Id,
  email: z.string(),
  userName: z.string(),
  status: QuoteStatus,
  lines: z.array(QuoteLine),
  validUntil: z.string().optional(),
  orderId: Id.optional().describe('the order made when the offer was accepted'),
  messages: z
    .array(QuoteMessage)
    .describe(
      `the newest messages of the thread, oldest first: ${QUOTE_THREAD_PAGE} at most in GET /api/quotes/{id}, ${QUOTE_LIST_MESSAGES} in GET /api/quotes; GET /api/quotes/{id}/messages pages the older ones (the request is the thread's first message)`,
    ),
  messageCount: z
    .number()
    .int()
    .describe(`how many messages the thread holds in all (at most ${MAX_QUOTE_MESSAGES})`),
  createdAt: z.string(),
});
export type Quote = z.infer<typeof Quote>;
export const QuoteList = z.array(Quote);

/**
 * `GET /api/quotes/{id}/messages`: a page of the thread counted from its newest message (`offset`
 * 0: the newest `limit`; `offset` 50: the 50 before those), answered oldest first like the thread.
 */
export const QuoteMessagesQuery = Paging;
export const QuoteMessageList = z.array(QuoteMessage);

export const QuotesQuery = Paging.extend({ status: QuoteStatus.optional() });
export const QuoteIdParams = z.object({ id: Id });
export const AcceptedQuote = z.object({ orderId: Id });

/**
 * `POST /api/quotes/{id}/accept`: where the order goes, as for any order (`mobile`, `address`,
 * `poNumber`), each optional, the body too (docs/api.md: an accept has no body); its lines are the
 * quote's. Left out, the order takes the buyer's mobile from the profile and their first saved
 * delivery address. `validUntil` names the offer accepted (the quote's `validUntil` as read): not
 * the current offer's → 409, and the quote stays offered (`If-Match` with the quote's ETag names
 * it exactly, → 412).
 */
export const AcceptQuoteBody = OrderBody.omit({ lines: true })
  .extend({
    validUntil: z.iso
      .datetime({ offset: true, error: 'must be a date and time (ISO 8601)' })
      .describe(
        "the offer accepted, by its validUntil as read: when it is not the current offer's → 409 conflict, and nothing is ordered",
      ),
  })
  .partial()
  .nullish();
export type AcceptQuoteBody = z.output<typeof AcceptQuoteBody>;
export type AcceptQuoteInput = z.input<typeof AcceptQuoteBody>;
