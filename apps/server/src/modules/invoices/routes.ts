import { ErrorBody } from '@shop/contract/errors';
import { OrderIdParams } from '@shop/contract/orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { type AuthGuard, callerOf } from '../../http/auth-guard.js';
import { invoiceForCaller } from './service.js';

/** The PDF's bytes: a Buffer to the route, binary in the OpenAPI document. */
const Pdf = z.custom<Buffer>((value) => Buffer.isBuffer(value)).meta({ type: 'string', format: 'binary' });

export function invoiceRoutes(app: FastifyInstance, deps: { db: Database; guard: AuthGuard }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/purchaseById/:id/invoice',
    {
      onRequest: deps.guard.user,
      schema: {
        tags: ['orders'],
        summary:
          "A paid order's invoice as a PDF (its buyer, or admins); a net-30 order's from when it is invoiced, with its due date; 409 while the order has no invoice",
        security: [{ bearer: [] }],
        params: OrderIdParams,
        response: {
          200: { description: 'The invoice', content: { 'application/pdf': { schema: Pdf } } },
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const invoice = await invoiceForCaller(deps.db, callerOf(request), request.params.id);
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${invoice.filename}"`)
          // An invoice names its buyer: no shared cache keeps it, and no browser cache either.
          .header('cache-control', 'private, no-store')
          .send(invoice.pdf)
      );
    },
  );
}
