import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { BackgroundTasks } from '../../background.js';
import { paymentProvider } from './choice.js';
import { reconcilePayments, releaseIntents } from './reconcile.js';
import type { PaymentDeps } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The card provider the configuration names, with what a payment's outcome is recorded by. */
    payments: PaymentDeps;
  }
}

/**
 * The card provider (PAYMENT_PROVIDER), said out loud at start where it matters, and what an
 * unpaid order's cancel or release asks of payments first.
 */
export const paymentsPlugin = fp(
  async (app) => {
    const provider = await paymentProvider(app.config, app.db, app.log);
    const payments: PaymentDeps = { db: app.db, provider, mail: app.mail, log: app.log };
    app.decorate('payments', payments);
    // An unpaid order's intents are cancelled before the order goes (orders call it).
    app.decorate('beforeOrderCancel', (orderId: string) => releaseIntents(payments, orderId));
  },
  { name: 'payments', dependencies: ['config', 'database', 'mail'] },
);

/** Payments' background work: every payment that succeeded at the provider ends as a paid order. */
export const paymentBackgroundTasks = (app: FastifyInstance): BackgroundTasks => ({
  reconcilePayments: () => reconcilePayments(app.payments, app.log),
});
