import fp from 'fastify-plugin';
import { orderDeps } from '../orders/index.js';
import { punchoutRoutes } from './routes.js';
import { punchoutAuthentication } from './session-auth.js';

/**
 * Punchout: the hook that reads a session's token on every request (registered before the other
 * routes, so it runs before their guards), and the routes, in a scope of their own that reads
 * cXML bodies.
 */
export const punchoutPlugin = fp(
  async (app) => {
    app.addHook('onRequest', punchoutAuthentication(app, app.config.rateLimits.apiKeyPerMinute));
    await app.register(async (scope) =>
      punchoutRoutes(scope, {
        db: app.db,
        guard: app.guard,
        urls: { publicUrl: app.config.publicUrl },
        orders: orderDeps(app),
        perIp: app.config.rateLimits.punchoutPerIp,
      }),
    );
  },
  { name: 'punchout', dependencies: ['config', 'database', 'auth-guard', 'rate-limits'] },
);
