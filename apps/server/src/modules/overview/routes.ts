import { ErrorBody } from '@shop/contract/errors';
import { Overview } from '@shop/contract/overview';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import type { AuthGuard } from '../../http/auth-guard.js';
import { shopOverview } from './service.js';

/** The admins' dashboard home. */
export function overviewRoutes(app: FastifyInstance, deps: { db: Database; guard: AuthGuard }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/overview',
    {
      onRequest: deps.guard.admin,
      schema: {
        tags: ['overview'],
        summary:
          'Orders and revenue per day over the last 30 days (UTC), unpaid orders, and the parts that cannot be ordered or run low (admins)',
        security: [{ bearer: [] }],
        response: { 200: Overview, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (_request, reply) => {
      // Figures change with every order: a cached answer would mislead.
      reply.header('cache-control', 'no-store');
      return shopOverview(deps.db);
    },
  );
}
