import fp from 'fastify-plugin';
import { type AuthGuard, authGuard } from '../http/auth-guard.js';
import { type PageSessions, pageSessions } from '../modules/auth/page-session.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who may call a route: route hooks checking the access token (http/auth-guard.ts). */
    guard: AuthGuard;
    /** The page cookie that lets the server render a signed-in user's pages (page-session.ts). */
    pages: PageSessions;
  }
}

/** Who is signed in: the access token on API calls, the page cookie on dashboard pages. */
export const authGuardPlugin = fp(
  async (app) => {
    app.decorate('guard', authGuard({ db: app.db, tokens: app.tokens }));
    app.decorate('pages', pageSessions({ publicUrl: app.config.publicUrl }));
  },
  { name: 'auth-guard', dependencies: ['config', 'database', 'secrets'] },
);
