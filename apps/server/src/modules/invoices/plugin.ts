import fp from 'fastify-plugin';
import { missingSellerSettings } from '../../seller-config.js';
import { invoiceRoutes } from './routes.js';

export const invoiceRoutesPlugin = fp(
  async (app) => {
    const { seller, env } = app.config;
    // Invoices without them are still made (docs/operations.md): said once at each start.
    const missing = missingSellerSettings(seller);
    if (env === 'production' && missing.length > 0)
      app.log.warn(
        `invoices leave off the seller's details that are not set: ${missing.join(', ')} (docs/operations.md, "The seller on invoices")`,
      );
    invoiceRoutes(app, { db: app.db, seller, guard: app.guard });
  },
  { name: 'invoice-routes', dependencies: ['config', 'database', 'auth-guard'] },
);
