import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { companyOrderRoutes } from './company-routes.js';
import { orderRoutes } from './routes.js';
import type { OrderDeps } from './service.js';

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
