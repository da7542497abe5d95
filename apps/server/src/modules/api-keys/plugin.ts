import fp from 'fastify-plugin';
import { apiKeyAuthentication } from './key-auth.js';
import { apiKeyRoutes } from './routes.js';

/**
 * API keys: their routes, and the hook that reads a key on every request (registered before the
 * other routes, so it runs before their guards).
 */
export const apiKeysPlugin = fp(
  async (app) => {
    app.addHook('onRequest', apiKeyAuthentication(app, app.config.rateLimits.apiKeyPerMinute));
    apiKeyRoutes(app, { db: app.db, guard: app.guard });
  },
  { name: 'api-keys', dependencies: ['config', 'database', 'auth-guard', 'rate-limits'] },
);
