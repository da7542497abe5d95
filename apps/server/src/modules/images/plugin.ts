import fp from 'fastify-plugin';
import { imageRoutes } from './routes.js';

export const imageRoutesPlugin = fp(
  async (app) => {
    await imageRoutes(app, { uploadsDir: app.config.uploadsDir, guard: app.guard });
  },
  { name: 'image-routes', dependencies: ['config', 'auth-guard'] },
);
