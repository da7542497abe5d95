import fp from 'fastify-plugin';
import { fulfilmentRoutes } from './routes.js';

export const fulfilmentRoutesPlugin = fp(
  async (app) => {
    fulfilmentRoutes(app, { db: app.db, mail: app.mail, guard: app.guard });
  },
  { name: 'fulfilment-routes', dependencies: ['database', 'auth-guard', 'mail'] },
);
