import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { releaseIntents } from '../payments/index.js';
import { companyOrderRoutes } from './company-routes.js';
import { orderRoutes } from './routes.js';
import type { OrderDeps } from './service.js';

/** What orders are placed and released with (the routes here, the background release). */
export function orderDeps(app: FastifyInstance): OrderDeps {
  return {
    db: app.db,
    mail: app.mail,
    beforeCancel: (orderId: string) => releaseIntents(app.payments, orderId),
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
