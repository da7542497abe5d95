import fp from 'fastify-plugin';
import { demoDocumentsDir } from '../../paths.js';
import { documentRoutes } from './routes.js';

export const documentRoutesPlugin = fp(
  async (app) => {
    documentRoutes(app, { dir: demoDocumentsDir });
  },
  { name: 'document-routes' },
);
