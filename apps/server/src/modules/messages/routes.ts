import { ErrorBody } from '@shop/contract/errors';
import { MessageList, MessagesQuery, NewMessageBody } from '@shop/contract/messages';
import { Inserted } from '@shop/contract/primitives';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { addressKey } from '../../http/address-key.js';
import type { AuthGuard } from '../../http/auth-guard.js';
import { limit } from '../../plugins/rate-limits.js';
import { inbox, receiveMessage } from './service.js';

export function messageRoutes(app: FastifyInstance, deps: { db: Database; guard: AuthGuard }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/messages',
    {
      config: {
        rateLimit: limit('messages-ip', app.config.rateLimits.messagesPerIp, (request) =>
          addressKey(request.ip),
        ),
      },
      schema: {
        tags: ['messages'],
        summary: "Send the home page's Contact Us form or the complaints/suggestion box (anyone)",
        body: NewMessageBody,
        response: { 201: Inserted, 400: ErrorBody, 415: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ insertedId: await receiveMessage(deps, request.body) }),
  );

  api.get(
    '/api/messages',
    {
      onRequest: deps.guard.admin,
      schema: {
        tags: ['messages'],
        summary: 'The inbox, newest first (admins); x-total-count carries the total',
        security: [{ bearer: [] }],
        querystring: MessagesQuery,
        response: { 200: MessageList, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      const { messages, total } = await inbox(deps.db, request.query);
      reply.header('x-total-count', String(total));
      return messages;
    },
  );
}
