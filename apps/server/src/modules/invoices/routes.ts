import { ErrorBody } from '@shop/contract/errors';
import { OrderIdParams } from '@shop/contract/orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuard, callerOf } from '../../http/auth-guard.js';
import { type InvoiceDeps, invoiceForCaller } from './service.js';

/** The PDF's bytes: a Buffer to the route, binary in the OpenAPI document. */
const Pdf = z.custom<Buffer>((value) => Buffer.isBuffer(value)).meta({ type: 'string', format: 'binary' });

export function invoiceRoutes(app: FastifyInstance, deps: InvoiceDeps & { guard: AuthGuard }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/purchaseById/:id/invoice',
    {
      onRequest: deps.guard.user,
      schema: {
        tags: ['orders'],
        summary:
          "An invoiced order's invoice as a PDF, naming the seller and the buyer's company: paid by card, or on net-30 terms from when it is placed (or approved), with its due date and where to pay. For its buyer, its company's admins and the shop's admin; 409 while the order has no invoice",
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
      const invoice = await invoiceForCaller(deps, callerOf(request), request.params.id);
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
