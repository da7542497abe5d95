import fp from 'fastify-plugin';
import { companyRoutes } from './routes.js';

/** Companies: members, invitations, and the shop admin's view (docs/api.md, "Companies"). */
export const companyRoutesPlugin = fp(
  async (app) => {
    companyRoutes(app, {
      db: app.db,
      mail: app.mail,
      invitationLinks: app.invitationLinks,
      log: app.log,
      guard: app.guard,
    });
  },
  { name: 'company-routes', dependencies: ['config', 'database', 'auth-guard', 'mail', 'rate-limits'] },
);
