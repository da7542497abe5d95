import fp from 'fastify-plugin';
import { overviewRoutes } from './routes.js';

export const overviewRoutesPlugin = fp(
  async (app) => {
    overviewRoutes(app, { db: app.db, guard: app.guard });
  },
  { name: 'overview-routes', dependencies: ['database', 'auth-guard'] },
);
