import fp from 'fastify-plugin';
import { categoryRoutes } from './routes.js';

export const categoryRoutesPlugin = fp(
  async (app) => {
    categoryRoutes(app, { db: app.db, guard: app.guard });
  },
  { name: 'category-routes', dependencies: ['database', 'auth-guard'] },
);
