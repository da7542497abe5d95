import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { BackgroundTasks } from '../../background.js';
import { orderDeps } from '../orders/index.js';
import { quoteContractRoutes } from './contract-routes.js';
import { quoteRoutes } from './routes.js';
import { expireQuotes } from './service.js';

export const quoteRoutesPlugin = fp(
  async (app) => {
    quoteRoutes(app, {
      db: app.db,
      mail: app.mail,
      orders: orderDeps(app),
      guard: app.guard,
    });
    quoteContractRoutes(app, { db: app.db, guard: app.guard });
  },
  {
    name: 'quote-routes',
    dependencies: ['config', 'database', 'auth-guard', 'mail', 'payments', 'rate-limits'],
  },
);

/** Quotes' background work: offers whose time ran out show as expired at once; this marks them so in the records. */
export const quoteBackgroundTasks = (app: FastifyInstance): BackgroundTasks => ({
  expireQuotes: () => expireQuotes(app.db, app.log),
});
