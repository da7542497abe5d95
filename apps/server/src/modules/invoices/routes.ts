import { ErrorBody } from '@shop/contract/errors';
import { OrderIdParams } from '@shop/contract/orders';
import { Id } from '@shop/contract/primitives';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuard, callerOf } from '../../http/auth-guard.js';
import { creditNoteForCaller } from './credit-note.js';
import { type InvoiceDeps, invoiceForCaller, packingSlipForCaller } from './service.js';

/** The PDF's bytes: a Buffer to the route, binary in the OpenAPI document. */
const Pdf = z.custom<Buffer>((value) => Buffer.isBuffer(value)).meta({ type: 'string', format: 'binary' });

/** One shipment's slip instead of the whole order's. */
const PackingSlipQuery = z.object({
  shipment: Id.optional().describe("one shipment's id: its lines and pieces, its carrier and day"),
});

/** A paper's answers: the PDF, or why not. */
const paperResponses = (what: string) => ({
  200: { description: what, content: { 'application/pdf': { schema: Pdf } } },
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
});

export function invoiceRoutes(app: FastifyInstance, deps: InvoiceDeps & { guard: AuthGuard }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  /** A paper names its buyer: no shared cache keeps it, and no browser cache either. */
  const sendPaper = (reply: FastifyReply, paper: { filename: string; pdf: Buffer }) =>
    reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${paper.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(paper.pdf);

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
        response: paperResponses('The invoice'),
      },
    },
    async (request, reply) =>
      sendPaper(reply, await invoiceForCaller(deps, callerOf(request), request.params.id)),
  );

  api.get(
    '/api/purchaseById/:id/credit-notes/:number',
    {
      onRequest: deps.guard.user,
      schema: {
        tags: ['orders'],
        summary:
          "A credit note of an order invoiced on net-30 terms (waiting pieces dropped) as a PDF: the pieces credited, against which invoice. For the order's buyer, its company's admins and the shop's admin; an unknown number → 404",
        security: [{ bearer: [] }],
        params: z.object({ id: Id, number: z.string().max(20).describe('e.g. CN-000007') }),
        response: paperResponses('The credit note'),
      },
    },
    async (request, reply) =>
      sendPaper(
        reply,
        await creditNoteForCaller(deps, callerOf(request), request.params.id, request.params.number),
      ),
  );

  api.get(
    '/api/purchaseById/:id/packing-slip',
    {
      onRequest: deps.guard.user,
      schema: {
        tags: ['orders'],
        summary:
          "The order's packing slip as a PDF: the seller, where to ship (company, buyer, address, mobile), the PO number, the shipment and every line with its quantity, no prices. For its buyer, its company's admins and the shop's admin, once the order may ship (paid, or on net-30 terms); 409 before",
        security: [{ bearer: [] }],
        params: OrderIdParams,
        querystring: PackingSlipQuery,
        response: paperResponses('The packing slip'),
      },
    },
    async (request, reply) =>
      sendPaper(
        reply,
        await packingSlipForCaller(deps, callerOf(request), request.params.id, request.query.shipment),
      ),
  );
}
