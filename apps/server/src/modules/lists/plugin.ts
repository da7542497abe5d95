import fp from 'fastify-plugin';
import { listRoutes } from './routes.js';

export const listRoutesPlugin = fp(
  async (app) => {
    listRoutes(app, { db: app.db, guard: app.guard });
  },
  {
    name: 'list-routes',
    dependencies: ['config', 'database', 'auth-guard'],
  },
);
