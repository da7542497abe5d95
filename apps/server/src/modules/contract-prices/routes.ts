import { CompanyIdParams } from '@shop/contract/companies';
import { ContractPrices, ContractPricesBody, MAX_CONTRACT_PRICES } from '@shop/contract/contract-prices';
import { ErrorBody } from '@shop/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { type AuthGuard, callerOf } from '../../http/auth-guard.js';
import { pricesOf, replacePrices } from './service.js';

/** The largest body `PUT` takes: 5,000 items are about 0.5 MB of JSON. */
export const CONTRACT_PRICES_BODY_LIMIT = 1024 * 1024;

const tags = ['companies'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const applies =
  'A member of the company pays a contract price wherever the part is priced (catalog, product page, order builder, bill of materials, orders) when it is below the list price for the quantity (price breaks included), through its last day (`validUntil`, UTC); after it, the list price again. Whole dollars a piece.';

/** A company's contract prices: its members read them, the shop's admin sets them. */
export function contractPriceRoutes(app: FastifyInstance, deps: { db: Database; guard: AuthGuard }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, guard } = deps;

  api.get(
    '/api/companies/:id/prices',
    {
      onRequest: guard.user,
      schema: {
        tags,
        summary: `The company's contract prices, by part name, each with its part's list price and whether it expired (at most ${MAX_CONTRACT_PRICES}, so no paging): its members and the shop's admin (anyone else → 403)`,
        description: applies,
        security,
        params: CompanyIdParams,
        response: { 200: ContractPrices, ...errors },
      },
    },
    async (request) => pricesOf(db, callerOf(request), request.params.id),
  );

  api.put(
    '/api/companies/:id/prices',
    {
      onRequest: guard.admin,
      bodyLimit: CONTRACT_PRICES_BODY_LIMIT,
      schema: {
        tags,
        summary: `Replace the company's whole list of contract prices (the shop's admin): \`{items: [{partsId, unitPrice, validUntil?}]}\`, 0–${MAX_CONTRACT_PRICES} items → 200 the list as GET answers it`,
        description: `${applies}\n\nA part at most once; \`unitPrice\` a whole number of dollars (1–1,000,000); \`validUntil\` a day (YYYY-MM-DD) not in the past (else 400 naming the item), except a price that ran out sent as it is kept, which stays. A part the catalog does not have → 404 not_found naming the first five, \`error.details\` every one ({line, partsId}). Audited.`,
        security,
        params: CompanyIdParams,
        body: ContractPricesBody,
        response: { 200: ContractPrices, 413: ErrorBody, 415: ErrorBody, ...errors },
      },
    },
    async (request) => replacePrices(db, callerOf(request), request.params.id, request.body),
  );
}
