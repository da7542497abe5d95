import { ErrorBody } from '@shop/contract/errors';
import { Inserted } from '@shop/contract/primitives';
import { NewReviewBody, ReviewList, ReviewsQuery } from '@shop/contract/reviews';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Database } from '../../db/database.js';
import { type AuthGuard, callerOf } from '../../http/auth-guard.js';
import type { CachedReads } from '../../http/cached-reads.js';
import type { RateLimit } from '../../http/rate-limit.js';
import {
  CACHED_ANSWERS,
  CACHED_ROUTE,
  type CachedJson,
  sendCachedJson,
  versionedCache,
} from '../../http/versioned-cache.js';
import { addReview, listNewestReviews } from './service.js';

export function reviewRoutes(
  app: FastifyInstance,
  deps: { db: Database; guard: AuthGuard; changes: ChangeFeed; reads: CachedReads; perAccount: RateLimit },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const answers = versionedCache<CachedJson>(deps.changes, CACHED_ANSWERS);
  api.get(
    '/api/review',
    {
      ...CACHED_ROUTE,
      schema: {
        tags: ['reviews'],
        summary:
          'Customer reviews, newest first, each marked verifiedBuyer when its reviewer has paid for an order; x-total-count carries the total',
        querystring: ReviewsQuery,
        response: { 200: ReviewList, 400: ErrorBody },
      },
    },
    async (request, reply) => {
      const { limit, offset } = request.query;
      const key = `${limit}:${offset}`;
      const answer = await answers.get(key, () => listNewestReviews(deps.db, request.query));
      deps.reads.remember(request.url, answers, key);
      return sendCachedJson(request, reply, answer);
    },
  );

  api.post(
    '/api/review',
    {
      onRequest: deps.guard.buyer,
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
      await deps.perAccount.consume(reviewer.id);
      return reply.status(201).send({ insertedId: await addReview(deps.db, reviewer.id, request.body) });
    },
  );
}
