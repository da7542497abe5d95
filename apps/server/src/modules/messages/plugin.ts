import fp from 'fastify-plugin';
import { messageRoutes } from './routes.js';

export const messageRoutesPlugin = fp(
  async (app) => {
    messageRoutes(app, { db: app.db, guard: app.guard });
  },
  { name: 'message-routes', dependencies: ['config', 'database', 'auth-guard', 'rate-limits'] },
);
