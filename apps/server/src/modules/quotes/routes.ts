import { ErrorBody } from '@shop/contract/errors';
import { MAX_ORDER_LINES } from '@shop/contract/orders';
import { Acknowledged, Inserted } from '@shop/contract/primitives';
import {
  AcceptedQuote,
  AcceptQuoteBody,
  MAX_QUOTE_MESSAGE,
  MAX_QUOTE_MESSAGES,
  QUOTE_LIST_MESSAGES,
  QUOTE_THREAD_PAGE,
  Quote,
  QuoteIdParams,
  QuoteList,
  QuoteMessageBody,
  QuoteMessageList,
  QuoteMessagesQuery,
  QuoteOfferBody,
  QuoteRequestBody,
  QuotesQuery,
} from '@shop/contract/quotes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuard, callerOf } from '../../http/auth-guard.js';
import { limit } from '../../plugins/rate-limits.js';
import {
  acceptQuote,
  addMessage,
  declineQuote,
  getQuote,
  listQuotes,
  makeOffer,
  type QuoteDeps,
  requestQuote,
  threadOf,
} from './service.js';

const security = [{ bearer: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** The quote's ETag as the OpenAPI document tells it (a response header of GET /api/quotes/{id}). */
const etagHeader = {
  etag: {
    type: 'string',
    description:
      "The quote's offer, as a strong entity tag: it changes with every offer. POST /api/quotes/{id}/accept takes it in If-Match.",
  },
};

/** The accept's `If-Match`, the quote's ETag as read: the offer it accepts. */
const AcceptHeaders = z.looseObject({
  'if-match': z
    .string()
    .optional()
    .describe(
      'The ETag of GET /api/quotes/{id} as read (or a list of entity tags, compared strongly; * names no offer): the offer accepted. Another offer is current → 412 precondition_failed, and nothing is ordered.',
    ),
});

/** Quotes: a buyer asks a price, the shop offers one, the buyer accepts it (an order) or declines it. */
export function quoteRoutes(app: FastifyInstance, deps: QuoteDeps & { guard: AuthGuard }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, guard } = deps;
  const { rateLimits } = app.config;

  api.post(
    '/api/quotes',
    {
      onRequest: guard.buyer,
      config: {
        rateLimit: limit('quote-requests-account', rateLimits.quoteRequestsPerAccount, (r) => callerOf(r).id),
      },
      schema: {
        tags: ['quotes'],
        summary: 'Ask the shop for a price (buyers): parts and quantities, and a message',
        description: `1–${MAX_ORDER_LINES} lines, a part at most once, each quantity a whole number from 1 (not checked against the part's range or stock: that is what a quote is for) and a multiple of the part's order_multiple (else 422 quantity_out_of_range naming the multiple, \`error.details\` the lines); each line's reference ≤ 40 characters, kept and carried to the order; a message of 1–${MAX_QUOTE_MESSAGE} characters. A line whose part is not in the catalog → 404 not_found, \`error.details\` naming every such line ({line, partsId}). A request mails every shop admin when the buyer's email is verified (else it waits in their list unmailed); so many a window per account (RATE_LIMIT_QUOTE_REQUESTS_PER_ACCOUNT), then 429 with retry-after.`,
        security,
        body: QuoteRequestBody,
        response: { 201: Inserted, 415: ErrorBody, 429: ErrorBody, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        insertedId: await requestQuote(deps, callerOf(request), request.body),
      }),
  );

  api.get(
    '/api/quotes',
    {
      onRequest: guard.user,
      schema: {
        tags: ['quotes'],
        summary:
          "Quotes, newest first: a buyer's own, every buyer's for admins; `status` filters; x-total-count carries the total",
        description: `Each quote carries the newest ${QUOTE_LIST_MESSAGES} messages of its thread and messageCount, how many it holds.`,
        security,
        querystring: QuotesQuery,
        response: { 200: QuoteList, ...errors },
      },
    },
    async (request, reply) => {
      const page = await listQuotes(db, callerOf(request), request.query);
      reply.header('x-total-count', String(page.total));
      return page.quotes;
    },
  );

  api.get(
    '/api/quotes/:id',
    {
      onRequest: guard.user,
      schema: {
        tags: ['quotes'],
        summary: "One quote with its messages (its buyer or an admin; another buyer's → 403)",
        description: `The newest ${QUOTE_THREAD_PAGE} messages of its thread, oldest first, and messageCount, how many it holds; GET /api/quotes/{id}/messages pages the older ones.`,
        security,
        params: QuoteIdParams,
        // The answer's ETag names its offer (documented as a header of the 200; `headers` is
        // @fastify/swagger's, the zod schema the answer's).
        response: { 200: Quote.meta({ headers: etagHeader }), ...errors },
      },
    },
    async (request, reply) => {
      const { quote, etag } = await getQuote(db, callerOf(request), request.params.id);
      reply.header('etag', etag);
      return quote;
    },
  );

  api.get(
    '/api/quotes/:id/messages',
    {
      onRequest: guard.user,
      config: {
        rateLimit: limit('quote-messages-account', rateLimits.quoteMessagesPerAccount, (r) => callerOf(r).id),
      },
      schema: {
        tags: ['quotes'],
        summary:
          "A page of the quote's thread, counted from its newest message (its buyer or an admin); x-total-count carries how many it holds",
        description:
          'offset 0 is the newest `limit` messages (what GET /api/quotes/{id} carries with the default limit), offset 50 the 50 before them, and so on; each page is answered oldest first, like the thread.',
        security,
        params: QuoteIdParams,
        querystring: QuoteMessagesQuery,
        response: { 200: QuoteMessageList, ...errors },
      },
    },
    async (request, reply) => {
      const page = await threadOf(db, callerOf(request), request.params.id, request.query);
      reply.header('x-total-count', String(page.total));
      return page.messages;
    },
  );

  api.post(
    '/api/quotes/:id/messages',
    {
      onRequest: guard.user,
      config: {
        rateLimit: limit('quote-messages-account', rateLimits.quoteMessagesPerAccount, (r) => callerOf(r).id),
      },
      schema: {
        tags: ['quotes'],
        summary:
          "A message on the quote's thread (its buyer, or an admin for the shop); RATE_LIMIT_QUOTE_MESSAGES_PER_ACCOUNT per window per account, then 429 with retry-after",
        description: `A thread holds at most ${MAX_QUOTE_MESSAGES} messages, the request's included; a further one → 422 too_many_messages.`,
        security,
        params: QuoteIdParams,
        body: QuoteMessageBody,
        response: { 201: Inserted, 415: ErrorBody, 422: ErrorBody, 429: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      return reply
        .status(201)
        .send({ insertedId: await addMessage(db, caller, request.params.id, request.body) });
    },
  );

  api.put(
    '/api/quotes/:id',
    {
      onRequest: guard.admin,
      schema: {
        tags: ['quotes'],
        summary:
          "The shop's offer (admins): a unit price for each of the quote's parts, valid until a moment to come; the quote becomes offered",
        description:
          "Exactly the quote's parts, each once (else 400); validUntil in the future (else 400). A quantity of the quote that is not a multiple of its part's order_multiple (changed since the request) → 422 quantity_out_of_range naming the multiple: the buyer could not accept it. A requested or offered quote takes it (a new offer replaces the old, and the buyer is mailed); an accepted, declined or expired one → 409 conflict.",
        security,
        params: QuoteIdParams,
        body: QuoteOfferBody,
        response: { 200: Acknowledged, 409: ErrorBody, 415: ErrorBody, ...errors },
      },
    },
    async (request) => {
      await makeOffer(deps, callerOf(request), request.params.id, request.body);
      return { acknowledged: true as const };
    },
  );

  api.post(
    '/api/quotes/:id/accept',
    {
      onRequest: guard.buyer,
      schema: {
        tags: ['quotes'],
        summary:
          "Accept the offer (its buyer): an order at the offer's unit prices for the quote's quantities, its pieces taken now",
        description:
          "The body, optional, is the order's delivery (mobile, address, poNumber, each optional): left out, the buyer's profile mobile and first saved address. Only an offered quote whose validUntil is still to come (past it → 409 conflict, and the quote is expired); once (a second accept → 409). Not enough pieces in stock, or a quantity no longer a multiple of its part's order_multiple → 422 quantity_out_of_range naming the lines, and the quote stays offered. The order's lines keep the quote lines' references. The order is ordinary (paid like any other) and is not refused by the cap on unpaid orders.\n\n" +
          "The accept may name the offer it accepts, so that an offer made between reading the quote and accepting it never becomes the order: `If-Match` with the quote's ETag as GET /api/quotes/{id} answered it (another offer is current → 412 precondition_failed), or `validUntil` in the body, the offer's validUntil as read (not the current offer's → 409 conflict; it names the offer only as far as its validUntil tells offers apart, If-Match exactly). Either way the quote stays offered and nothing is ordered; an offer made while the accept is decided refuses it the same way. Named both ways, both must match. A bare accept (neither) takes the offer current when it is decided. The web app always names it.",
        security,
        params: QuoteIdParams,
        headers: AcceptHeaders,
        body: AcceptQuoteBody,
        response: {
          201: AcceptedQuote,
          409: ErrorBody,
          412: ErrorBody.describe(
            'precondition_failed: the If-Match names another offer than the current one; nothing was ordered',
          ),
          415: ErrorBody,
          422: ErrorBody,
          ...errors,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        orderId: await acceptQuote(
          deps,
          callerOf(request),
          request.params.id,
          request.body,
          request.headers['if-match'],
        ),
      }),
  );

  api.post(
    '/api/quotes/:id/decline',
    {
      onRequest: guard.buyer,
      schema: {
        tags: ['quotes'],
        summary: 'Decline the quote (its buyer): only a requested or offered one, else 409 conflict',
        security,
        params: QuoteIdParams,
        response: { 200: Acknowledged, 409: ErrorBody, ...errors },
      },
    },
    async (request) => {
      await declineQuote(db, callerOf(request), request.params.id);
      return { acknowledged: true as const };
    },
  );
}
