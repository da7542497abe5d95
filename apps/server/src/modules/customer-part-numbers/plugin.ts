import fp from 'fastify-plugin';
import { customerPartNumberRoutes } from './routes.js';

export const customerPartNumberRoutesPlugin = fp(
  async (app) => {
    customerPartNumberRoutes(app, { db: app.db, guard: app.guard });
  },
  {
    name: 'customer-part-number-routes',
    dependencies: ['config', 'database', 'auth-guard'],
  },
);
