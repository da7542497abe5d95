import fp from 'fastify-plugin';
import type { AuthGuard } from '../../http/auth-guard.js';
import { authGuard } from './guard.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who may call a route: route hooks checking the access token (http/auth-guard.ts). */
    guard: AuthGuard;
  }
}

/** Who is signed in: the access token on API calls. */
export const authGuardPlugin = fp(
  async (app) => {
    app.decorate('guard', authGuard({ db: app.db, tokens: app.tokens }));
  },
  { name: 'auth-guard', dependencies: ['config', 'database', 'secrets'] },
);
