import fp from 'fastify-plugin';
import { BACKGROUND_INTERVAL_MS, scheduleBackgroundWork } from '../background.js';
import {
  mailOverdueInvoices,
  orderDeps,
  releaseStaleOrders,
  remindApprovers,
} from '../modules/orders/index.js';
import { reconcilePayments } from '../modules/payments/index.js';
import { expireQuotes } from '../modules/quotes/index.js';

/**
 * Payments reconciled with the provider, quotes' offers past their time expired and unpaid orders
 * released (the admins of orders waiting for approval reminded halfway), once the server listens
 * and then on a schedule (background.ts). Registered after what it uses that closes (the database, the
 * mail outbox): a run in progress finishes before they close.
 */
export const backgroundWorkPlugin = fp(
  async (app) => {
    const { release } = app.config.unpaidOrders;
    const orders = orderDeps(app);
    scheduleBackgroundWork(app, {
      tasks: {
        reconcilePayments: () => reconcilePayments(app.payments, app.log),
        // Offers whose time ran out show as expired at once; this marks them so in the records.
        expireQuotes: () => expireQuotes(app.db, app.log),
        // Net-30 invoices past their due date and unpaid: their buyer is told once.
        mailOverdueInvoices: () => mailOverdueInvoices({ db: app.db, mail: app.mail }),
        // An order is released in the last run before its time is up ("within an hour"), not after;
        // one waiting for approval too, its company's admins reminded halfway (after the release:
        // nobody is reminded of an order this run released).
        ...(release
          ? {
              releaseStaleOrders: async () => {
                await releaseStaleOrders(orders, release, app.log, BACKGROUND_INTERVAL_MS);
                await remindApprovers({ db: app.db, mail: app.mail }, release, BACKGROUND_INTERVAL_MS);
              },
            }
          : {}),
      },
      exclusive: app.database.exclusive,
    });
  },
  { name: 'background-work', dependencies: ['config', 'database', 'mail', 'payments'] },
);
