import fp from 'fastify-plugin';
import { contractPriceRoutes } from './routes.js';

/** A company's contract prices (docs/api.md, "Contract prices"). */
export const contractPriceRoutesPlugin = fp(
  async (app) => {
    contractPriceRoutes(app, { db: app.db, guard: app.guard });
  },
  { name: 'contract-price-routes', dependencies: ['config', 'database', 'auth-guard'] },
);
