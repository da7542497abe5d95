import { ErrorBody } from '@shop/contract/errors';
import { Inserted } from '@shop/contract/primitives';
import { NewReviewBody, ReviewList, ReviewsQuery } from '@shop/contract/reviews';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { type AuthGuard, callerOf } from '../../http/auth-guard.js';
import { limit } from '../../plugins/rate-limits.js';
import { addReview, listNewestReviews } from './service.js';

export function reviewRoutes(app: FastifyInstance, deps: { db: Database; guard: AuthGuard }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/review',
    {
      // A GET has no body to decompress.
      decompress: false,
      schema: {
        tags: ['reviews'],
        summary:
          'Customer reviews, newest first, each marked verifiedBuyer when its reviewer has paid for an order; x-total-count carries the total',
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

  api.post(
    '/api/review',
    {
      onRequest: deps.guard.buyer,
      config: {
        rateLimit: limit('reviews-account', app.config.rateLimits.reviewsPerAccount, (r) => callerOf(r).id),
      },
      schema: {
        tags: ['reviews'],
        summary:
          'Review the shop (signed-in buyers; admins do not review); RATE_LIMIT_REVIEWS_PER_ACCOUNT per window, then 429 with retry-after',
        security: [{ bearer: [] }],
        body: NewReviewBody,
        response: {
          201: Inserted,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          415: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const reviewer = callerOf(request);
      return reply.status(201).send({ insertedId: await addReview(deps.db, reviewer.id, request.body) });
    },
  );
}
