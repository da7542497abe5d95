import {
  PartIdParams,
  ReceiveBody,
  Received,
  Shipment,
  ShipmentBody,
  ShipmentChangeBody,
  ShipmentParams,
} from '@shop/contract/availability';
import { ErrorBody } from '@shop/contract/errors';
import { FulfilmentBody } from '@shop/contract/fulfilment';
import { Order, OrderIdParams } from '@shop/contract/orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../http/auth-guard.js';
import { receive } from './receive.js';
import { changeFulfilment, type FulfilmentDeps } from './service.js';
import { createShipment, deliverShipment } from './shipments.js';

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

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/purchaseById/:id/shipments',
    {
      onRequest: deps.guard.admin,
      schema: {
        tags: ['orders'],
        summary: 'Ship part of an order: pieces allocated and not yet shipped (admins); answers the shipment',
        description:
          'Each line ships at most the pieces allocated to it and not shipped (more, or a part not in the order: 409 conflict naming the line). Only a paid or net-30 invoiced order ships; an order placed with shipComplete ships only every piece at once, when none waits (409 otherwise). The order becomes partially_shipped, or shipped when nothing is left; its buyer is mailed. Shipments of one order are made one at a time.',
        security: [{ bearer: [] }],
        params: OrderIdParams,
        body: ShipmentBody,
        response: { 201: Shipment, 409: ErrorBody, 415: ErrorBody, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createShipment(deps, callerOf(request), request.params.id, request.body)),
  );

  api.put(
    '/api/purchaseById/:id/shipments/:shipmentId',
    {
      onRequest: deps.guard.admin,
      schema: {
        tags: ['orders'],
        summary:
          'Mark a shipment delivered (admins); the order is delivered once it shipped whole and every shipment is',
        security: [{ bearer: [] }],
        params: ShipmentParams,
        body: ShipmentChangeBody,
        response: { 200: Shipment, 409: ErrorBody, 415: ErrorBody, ...errors },
      },
    },
    async (request) => deliverShipment(deps, callerOf(request), request.params.id, request.params.shipmentId),
  );

  api.post(
    '/api/parts/:id/receive',
    {
      onRequest: deps.guard.admin,
      schema: {
        tags: ['parts'],
        summary:
          'Book arrived pieces of a part (admins): waiting orders first, oldest first, the rest to stock',
        description:
          "The part's incoming batches shrink by the pieces received, earliest first. `allocated` lists the orders the pieces went to (at most 1,000); the buyers of orders no longer waiting are mailed.",
        security: [{ bearer: [] }],
        params: PartIdParams,
        body: ReceiveBody,
        response: { 200: Received, 415: ErrorBody, ...errors },
      },
    },
    async (request) => receive(deps, callerOf(request), request.params.id, request.body),
  );
}
