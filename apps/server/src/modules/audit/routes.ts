import { AuditList, AuditQuery } from '@shop/contract/audit';
import { ErrorBody } from '@shop/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import type { AuthGuard } from '../../http/auth-guard.js';
import { auditPage } from './service.js';

/** The audit log, read-only: no route changes or removes an entry. */
export function auditRoutes(app: FastifyInstance, deps: { db: Database; guard: AuthGuard }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/audit',
    {
      onRequest: deps.guard.admin,
      schema: {
        tags: ['audit'],
        summary:
          'What admins did and every payment, newest first, each naming who acted and what it is about (admins); x-total-count carries the total',
        security: [{ bearer: [] }],
        querystring: AuditQuery,
        response: { 200: AuditList, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      const { entries, total } = await auditPage(deps.db, request.query);
      reply.header('x-total-count', String(total));
      return entries;
    },
  );
}
