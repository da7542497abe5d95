import fp from 'fastify-plugin';
import { orderDeps } from '../orders/index.js';
import { quoteRoutes } from './routes.js';

export const quoteRoutesPlugin = fp(
  async (app) => {
    quoteRoutes(app, {
      db: app.db,
      mail: app.mail,
      orders: orderDeps(app),
      guard: app.guard,
    });
  },
  {
    name: 'quote-routes',
    dependencies: ['config', 'database', 'auth-guard', 'mail', 'payments', 'rate-limits'],
  },
);
