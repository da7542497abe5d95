import { ErrorBody } from '@shop/contract/errors';
import { ReviewList, ReviewsQuery } from '@shop/contract/reviews';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { listNewestReviews } from './service.js';

export function reviewRoutes(app: FastifyInstance, deps: { db: Database }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/review',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Customer reviews, newest first; x-total-count carries the total',
        querystring: ReviewsQuery,
        response: { 200: ReviewList, 400: ErrorBody },
      },
    },
    async (request, reply) => {
      const { reviews, total } = await listNewestReviews(deps.db, request.query);
      reply.header('x-total-count', String(total));
      return reviews;
    },
  );
}
