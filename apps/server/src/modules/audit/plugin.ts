import fp from 'fastify-plugin';
import { auditRoutes } from './routes.js';

export const auditRoutesPlugin = fp(
  async (app) => {
    auditRoutes(app, { db: app.db, guard: app.guard });
  },
  { name: 'audit-routes', dependencies: ['database', 'auth-guard'] },
);
