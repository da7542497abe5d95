import { ContractFromQuoteBody, ContractPrices } from '@shop/contract/contract-prices';
import { ErrorBody } from '@shop/contract/errors';
import { QuoteIdParams } from '@shop/contract/quotes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { type AuthGuard, callerOf } from '../../http/auth-guard.js';
import { contractFromQuote } from './contract.js';

/** An accepted quote's prices made its buyer's company's contract prices (the shop's admin). */
export function quoteContractRoutes(app: FastifyInstance, deps: { db: Database; guard: AuthGuard }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/quotes/:id/contract',
    {
      onRequest: deps.guard.admin,
      schema: {
        tags: ['quotes'],
        summary:
          "Make the accepted quote's unit prices its buyer's company's contract prices (the shop's admin), until `validUntil` when given → 200 the company's prices as GET /api/companies/{id}/prices answers them",
        description:
          'The prices join the ones the company keeps, replacing those of the same parts. A quote not accepted → 409 conflict; a buyer in no company → 409 conflict; `validUntil` in the past → 400; a part no longer in the catalog → 404 naming it. Audited.',
        security: [{ bearer: [] }],
        params: QuoteIdParams,
        body: ContractFromQuoteBody,
        response: {
          200: ContractPrices,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          415: ErrorBody,
        },
      },
    },
    async (request) => contractFromQuote(deps.db, callerOf(request), request.params.id, request.body),
  );
}
