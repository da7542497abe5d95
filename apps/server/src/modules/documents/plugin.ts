import fp from 'fastify-plugin';
import { documentRoutes } from './routes.js';

export const documentRoutesPlugin = fp(
  async (app) => {
    documentRoutes(app, { uploadsDir: app.config.uploadsDir });
  },
  { name: 'document-routes', dependencies: ['config'] },
);
