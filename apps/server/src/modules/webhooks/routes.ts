import { ErrorBody } from '@shop/contract/errors';
import { Acknowledged } from '@shop/contract/primitives';
import {
  CreatedWebhook,
  MAX_WEBHOOKS,
  NewWebhookBody,
  WEBHOOK_EVENTS,
  WebhookDeliveriesQuery,
  WebhookDeliveryList,
  WebhookDeliveryParams,
  WebhookIdParams,
  WebhookList,
} from '@shop/contract/webhooks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../http/auth-guard.js';
import type { WebhookSender } from './outbox.js';
import {
  createWebhook,
  deleteWebhook,
  deliveriesOf,
  sendAgain,
  type WebhookServiceDeps,
  webhooksOf,
} from './service.js';

const security = [{ bearer: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const what =
  "A delivery is a POST of {id, type, createdAt, data} signed with `x-shop-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of \"<t>.<body>\">` with the secret; retried with growing waits (the first within two minutes) for 24 hours until a 2xx. A subscription hears of its owner's orders and quotes, and a company admin's of the company's orders.";

/** A buyer's webhooks: subscribed, listed and deleted by their owner, with each delivery's attempts. */
export function webhookRoutes(
  app: FastifyInstance,
  deps: WebhookServiceDeps & { guard: AuthGuard; sender: WebhookSender },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, guard } = deps;

  api.get(
    '/api/webhooks',
    {
      onRequest: guard.user,
      schema: {
        tags: ['webhooks'],
        summary: `The caller's webhooks, oldest first, without their secrets (at most ${MAX_WEBHOOKS}, so no paging)`,
        security,
        response: { 200: WebhookList, ...errors },
      },
    },
    async (request) => webhooksOf(db, callerOf(request)),
  );

  api.post(
    '/api/webhooks',
    {
      onRequest: guard.user,
      schema: {
        tags: ['webhooks'],
        summary: `Subscribe a URL to events (${WEBHOOK_EVENTS.join(', ')}) → 201 {_id, secret}: the secret is shown this once`,
        description: `${what} Only https:// URLs without credentials whose addresses are public (400 validation). At most ${MAX_WEBHOOKS} an account (422 too_many_webhooks).`,
        security,
        body: NewWebhookBody,
        response: { 201: CreatedWebhook, 415: ErrorBody, 422: ErrorBody, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createWebhook(deps, callerOf(request), request.body)),
  );

  api.delete(
    '/api/webhooks/:id',
    {
      onRequest: guard.user,
      schema: {
        tags: ['webhooks'],
        summary: "Delete one of the caller's webhooks: nothing more is sent to it (another's → 404)",
        security,
        params: WebhookIdParams,
        response: { 200: Acknowledged, ...errors },
      },
    },
    async (request) => {
      await deleteWebhook(db, callerOf(request), request.params.id);
      return { acknowledged: true as const };
    },
  );

  api.get(
    '/api/webhooks/:id/deliveries',
    {
      onRequest: guard.user,
      schema: {
        tags: ['webhooks'],
        summary:
          "A webhook's deliveries, newest first, each with every attempt (`limit` ≤ 50, `before` pages on)",
        security,
        params: WebhookIdParams,
        querystring: WebhookDeliveriesQuery,
        response: { 200: WebhookDeliveryList, ...errors },
      },
    },
    async (request) => deliveriesOf(db, callerOf(request), request.params.id, request.query),
  );

  api.post(
    '/api/webhooks/:id/deliveries/:deliveryId/send-again',
    {
      onRequest: guard.user,
      schema: {
        tags: ['webhooks'],
        summary: 'Send a delivery again now (one more attempt for one delivered or given up)',
        security,
        params: WebhookDeliveryParams,
        response: { 202: Acknowledged, ...errors },
      },
    },
    async (request, reply) => {
      const { id, deliveryId } = request.params;
      await sendAgain(db, callerOf(request), id, deliveryId);
      deps.sender.kick();
      return reply.status(202).send({ acknowledged: true as const });
    },
  );
}
