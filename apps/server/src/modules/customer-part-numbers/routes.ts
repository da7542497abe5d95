import {
  CustomerPartNumbers,
  CustomerPartNumbersBody,
  MAX_CUSTOMER_PART_NUMBER_LENGTH,
  MAX_CUSTOMER_PART_NUMBERS,
} from '@shop/contract/customer-part-numbers';
import { ErrorBody } from '@shop/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { type AuthGuard, callerOf } from '../../http/auth-guard.js';
import { numbersOf, replaceNumbers } from './service.js';

/**
 * The largest body `PUT` takes: 10,000 items of the longest numbers are about 1.4 MB of JSON, above
 * the 1 MiB of every other call.
 */
export const CUSTOMER_PART_NUMBERS_BODY_LIMIT = 2 * 1024 * 1024;

const security = [{ bearer: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const whose =
  "Whose set: a buyer in no company keeps their own; a company member reads their company's, shared by its members, which only the company's admins replace (its buyers → 403). The shop's admins keep none (403: they do not buy).";

const etagHeader = {
  etag: {
    type: 'string',
    description:
      'The set as read, as a strong entity tag: it changes with every change of the set. PUT takes it in If-Match.',
  },
};

const PutHeaders = z.looseObject({
  'if-match': z
    .string()
    .optional()
    .describe(
      'The ETag of the set as read (GET, or the last PUT): the set is replaced only while it is still that one, else 412 precondition_failed and nothing changes. Left out: the set is replaced whatever it is.',
    ),
});

/** A buyer's (or their company's) own numbers for the shop's parts. */
export function customerPartNumberRoutes(app: FastifyInstance, deps: { db: Database; guard: AuthGuard }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, guard } = deps;

  api.get(
    '/api/customer-part-numbers',
    {
      onRequest: guard.buyer,
      schema: {
        tags: ['customer part numbers'],
        summary: `The caller's customer part numbers, by number, each with its part's name and mpn (at most ${MAX_CUSTOMER_PART_NUMBERS}, so no paging); numbers of parts that left the catalog are left out`,
        description: whose,
        security,
        response: { 200: CustomerPartNumbers.meta({ headers: etagHeader }), ...errors },
      },
    },
    async (request, reply) => {
      const { set, etag } = await numbersOf(db, callerOf(request));
      reply.header('etag', etag);
      return set;
    },
  );

  api.put(
    '/api/customer-part-numbers',
    {
      onRequest: guard.buyer,
      bodyLimit: CUSTOMER_PART_NUMBERS_BODY_LIMIT,
      schema: {
        tags: ['customer part numbers'],
        summary: `Replace the caller's whole set of customer part numbers (a company admin, or a buyer in no company): \`{items: [{partsId, customerPartNumber}]}\`, 0–${MAX_CUSTOMER_PART_NUMBERS} items → 200 the set as GET answers it`,
        description: `${whose}\n\nEach number is one line of 1–${MAX_CUSTOMER_PART_NUMBER_LENGTH} characters with a letter or a digit (trimmed); a part at most once (else 400 naming the item). Numbers are compared with case, spaces, '-', '/' and '.' ignored, as the search compares part numbers: one number given to two parts → 422 duplicate_customer_part_number naming the number, \`error.details\` every such item ({line: its place in items, partsId}). A part the catalog does not have (unknown or deleted) → 422 unknown_part, naming the first five, \`details\` every one. The body may be up to 2 MiB (10,000 items of the longest numbers). Sets written at once are written one after the other, each whole.`,
        security,
        headers: PutHeaders,
        body: CustomerPartNumbersBody,
        response: {
          200: CustomerPartNumbers.meta({ headers: etagHeader }),
          412: ErrorBody.describe(
            'precondition_failed: the set changed since the If-Match was read; nothing changed',
          ),
          413: ErrorBody,
          415: ErrorBody,
          422: ErrorBody,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { set, etag } = await replaceNumbers(
        db,
        callerOf(request),
        request.body,
        request.headers['if-match'],
      );
      reply.header('etag', etag);
      return set;
    },
  );
}
