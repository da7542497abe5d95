import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BACKGROUND_INTERVAL_MS, type BackgroundTasks } from '../../background.js';
import { mailOverdueInvoices, remindApprovers } from './company-orders.js';
import { companyOrderRoutes } from './company-routes.js';
import { orderRoutes } from './routes.js';
import { type OrderDeps, releaseStaleOrders } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * What must happen before an unpaid order goes (cancelled, or released): the payments plugin
     * gives it (the order's intents are cancelled at the provider; one paid meanwhile refuses).
     * Orders depend on no payment code: payments depend on orders.
     */
    beforeOrderCancel: (orderId: string) => Promise<void>;
  }
}

/** What orders are placed and released with (the routes here, the background release). */
export function orderDeps(app: FastifyInstance): OrderDeps {
  return {
    db: app.db,
    mail: app.mail,
    beforeCancel: app.beforeOrderCancel,
    unpaidPerBuyer: app.config.unpaidOrders.perBuyer,
    unpaidValueUnverified: app.config.unpaidOrders.valueUnverified,
  };
}

export const orderRoutesPlugin = fp(
  async (app) => {
    orderRoutes(app, { ...orderDeps(app), guard: app.guard });
    companyOrderRoutes(app, { db: app.db, mail: app.mail, guard: app.guard });
  },
  {
    name: 'order-routes',
    dependencies: ['config', 'database', 'auth-guard', 'rate-limits', 'mail', 'payments'],
  },
);

/**
 * Orders' background work: net-30 invoices past their due date and unpaid (their buyer is told
 * once), and unpaid orders released when their time is up.
 */
export function orderBackgroundTasks(app: FastifyInstance): BackgroundTasks {
  const { release } = app.config.unpaidOrders;
  const orders = orderDeps(app);
  return {
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
  };
}
