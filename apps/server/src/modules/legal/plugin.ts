import fp from 'fastify-plugin';
import { legalRoutes } from './routes.js';

export const legalRoutesPlugin = fp(
  async (app) => {
    legalRoutes(app, { seller: app.config.seller });
  },
  { name: 'legal-routes', dependencies: ['config'] },
);
