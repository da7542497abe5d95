import { ErrorBody } from '@shop/contract/errors';
import { FulfilmentBody } from '@shop/contract/fulfilment';
import { Order, OrderIdParams } from '@shop/contract/orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../http/auth-guard.js';
import { changeFulfilment, type FulfilmentDeps } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Fulfilment: the shop ships a paid (or invoiced) order, then marks it delivered. */
export function fulfilmentRoutes(app: FastifyInstance, deps: FulfilmentDeps & { guard: AuthGuard }) {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/api/purchaseById/:id/fulfilment',
    {
      onRequest: deps.guard.admin,
      schema: {
        tags: ['orders'],
        summary:
          'Ship an order (carrier and tracking number), then mark it delivered (admins); answers the order',
        description:
          'shipped: only a paid (or net-30 invoiced) order that has not shipped; carrier and trackingNumber required (one line each, 1–100 characters); the buyer is mailed. delivered: only a shipped order. Otherwise 409 conflict. Of changes racing each other exactly one is made. Every change goes into the activity log (order.shipped, order.delivered). A shipped order can no longer be cancelled or deleted.',
        security: [{ bearer: [] }],
        params: OrderIdParams,
        body: FulfilmentBody,
        response: { 200: Order, 409: ErrorBody, 415: ErrorBody, ...errors },
      },
    },
    async (request) => changeFulfilment(deps, callerOf(request), request.params.id, request.body),
  );
}
