import fp from 'fastify-plugin';
import { healthRoutes } from './routes.js';

export const healthRoutesPlugin = fp(
  async (app) => {
    healthRoutes(app, { ping: app.database.ping });
  },
  { name: 'health-routes', dependencies: ['database'] },
);
