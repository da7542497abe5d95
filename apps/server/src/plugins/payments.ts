import fp from 'fastify-plugin';
import type { PaymentDeps } from '../modules/payments/index.js';
import { paymentProvider } from '../modules/payments/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The card provider the configuration names, with what a payment's outcome is recorded by. */
    payments: PaymentDeps;
  }
}

/** The card provider (PAYMENT_PROVIDER), said out loud at start where it matters. */
export const paymentsPlugin = fp(
  async (app) => {
    const provider = await paymentProvider(app.config, app.db, app.log);
    app.decorate('payments', { db: app.db, provider, mail: app.mail, log: app.log });
  },
  { name: 'payments', dependencies: ['config', 'database', 'mail'] },
);
