import underPressure from '@fastify/under-pressure';
import fp from 'fastify-plugin';
import { RetryLaterError } from '../http/app-error.js';

/** How long a shed request is told to wait. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Load shedding (@fastify/under-pressure): while the event loop lags more than
 * MAX_EVENT_LOOP_DELAY_MS on average (sampled each second), a request is answered at once with 503
 * and `retry-after` instead of waiting in a line it would time out in. /api/health answers as
 * ever: it tells whether the database answers, and a load balancer should not drop a busy server.
 */
export const loadSheddingPlugin = fp(
  async (app) => {
    const { maxEventLoopDelayMs } = app.config;
    if (maxEventLoopDelayMs === 0) return;
    await app.register(underPressure, {
      maxEventLoopDelay: maxEventLoopDelayMs,
      pressureHandler: async (request) => {
        if (request.routeOptions.url === '/api/health') return;
        throw new RetryLaterError(
          'unavailable',
          `The shop is too busy just now. Please try again in ${RETRY_AFTER_SECONDS} seconds.`,
          RETRY_AFTER_SECONDS,
        );
      },
    });
  },
  { name: 'load-shedding', dependencies: ['config'] },
);
