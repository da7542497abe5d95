import fp from 'fastify-plugin';
import { userRoutes } from './routes.js';

export const userRoutesPlugin = fp(
  async (app) => {
    userRoutes(app, { db: app.db, tokens: app.tokens, guard: app.guard });
  },
  { name: 'user-routes', dependencies: ['database', 'secrets', 'auth-guard'] },
);
