import { AuditList, AuditQuery } from '@shop/contract/audit';
import { ErrorBody } from '@shop/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import type { AuthGuard } from '../../http/auth-guard.js';
import { listAudit } from './repository.js';

const parse = (json: string | null) => (json === null ? undefined : (JSON.parse(json) as unknown));

/** The audit log, read-only: no route changes or removes an entry. */
export function auditRoutes(app: FastifyInstance, deps: { db: Database; guard: AuthGuard }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/audit',
    {
      onRequest: deps.guard.admin,
      schema: {
        tags: ['audit'],
        summary: 'What admins did and every payment, newest first (admins); x-total-count carries the total',
        security: [{ bearer: [] }],
        querystring: AuditQuery,
        response: { 200: AuditList, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listAudit(deps.db, request.query);
      reply.header('x-total-count', String(total));
      return rows.map((row) => ({
        _id: row.id,
        at: row.at,
        actor: row.actor_email ?? 'shop',
        action: row.action,
        subjectId: row.subject_id,
        ...(row.before === null ? {} : { before: parse(row.before) }),
        ...(row.after === null ? {} : { after: parse(row.after) }),
      }));
    },
  );
}
