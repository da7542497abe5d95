import fp from 'fastify-plugin';
import { invoiceRoutes } from './routes.js';

export const invoiceRoutesPlugin = fp(
  async (app) => {
    invoiceRoutes(app, { db: app.db, guard: app.guard });
  },
  { name: 'invoice-routes', dependencies: ['database', 'auth-guard'] },
);
