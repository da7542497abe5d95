import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';
import { googleRoutes } from './google-routes.js';
import { googleSignIn } from './google-sign-in.js';
import { knownAddresses } from './known-addresses.js';
import { loginFailures } from './login-failures.js';
import { authRoutes } from './routes.js';
import type { AuthDeps } from './service.js';

/** Sign-up, sign-in (by password or Google), refresh and sign-out. */
export const authRoutesPlugin = fp(
  async (app) => {
    const { config } = app;
    const { rateLimits } = config;
    const known = knownAddresses(app.db);
    const auth: AuthDeps = {
      db: app.db,
      tokens: app.tokens,
      knownAddresses: known,
      limits: {
        loginFailures: loginFailures(
          app.db,
          {
            windowSeconds: rateLimits.windowSeconds,
            perIp: rateLimits.loginFailuresPerIp,
            perEmailPerIp: rateLimits.loginFailuresPerEmail,
            perEmail: rateLimits.loginFailuresPerAccount,
            perEmailHour: rateLimits.loginFailuresPerEmailHour,
          },
          known,
        ),
      },
      passwords: app.passwords,
      accountMail: app.accountMail,
    };
    authRoutes(app, auth);
    // Only the Google flow uses a cookie: the parser runs for its routes alone.
    await app.register(async (scope) => {
      await scope.register(cookie);
      googleRoutes(scope, {
        ...auth,
        google: config.google && googleSignIn(config.google, app.keyFor('google-sign-in')),
        publicUrl: config.publicUrl,
      });
    });
  },
  {
    name: 'auth-routes',
    dependencies: ['config', 'database', 'secrets', 'auth-guard', 'rate-limits', 'password-hashing', 'mail'],
  },
);
