import fp from 'fastify-plugin';
import { addressRoutes } from './routes.js';

export const addressRoutesPlugin = fp(
  async (app) => {
    addressRoutes(app, { db: app.db, guard: app.guard });
  },
  {
    name: 'address-routes',
    dependencies: ['config', 'database', 'auth-guard'],
  },
);
