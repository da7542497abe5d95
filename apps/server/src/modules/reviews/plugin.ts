import fp from 'fastify-plugin';
import { reviewRoutes } from './routes.js';

export const reviewRoutesPlugin = fp(
  async (app) => {
    reviewRoutes(app, { db: app.db, guard: app.guard });
  },
  {
    name: 'review-routes',
    dependencies: ['config', 'database', 'auth-guard', 'rate-limits'],
  },
);
