import fp from 'fastify-plugin';
import { knownAddresses, passwordChangeFailures } from '../auth/index.js';
import { accountRoutes } from './routes.js';

/** A user's own account: email verification, password reset and change. */
export const accountRoutesPlugin = fp(
  async (app) => {
    const { rateLimits } = app.config;
    accountRoutes(app, {
      db: app.db,
      passwords: app.passwords,
      links: app.links,
      accountMail: app.accountMail,
      guard: app.guard,
      knownAddresses: knownAddresses(app.db),
      limits: {
        passwordChangeFailures: passwordChangeFailures(app.db, {
          max: rateLimits.passwordChangeFailuresPerAccount,
          windowSeconds: rateLimits.windowSeconds,
        }),
      },
    });
  },
  {
    name: 'account-routes',
    dependencies: ['config', 'database', 'auth-guard', 'rate-limits', 'password-hashing', 'mail'],
  },
);
