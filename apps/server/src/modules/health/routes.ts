import { ErrorBody } from '@shop/contract/errors';
import { Health } from '@shop/contract/health';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.js';

export function healthRoutes(app: FastifyInstance, deps: { ping: () => Promise<boolean> }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'ok once the database answers, 503 otherwise',
        response: { 200: Health, 503: ErrorBody },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!(await deps.ping())) throw new AppError('unavailable', 'The database does not answer');
      return { status: 'ok' as const };
    },
  );
}
