import fp from 'fastify-plugin';
import { paymentRoutes } from './routes.js';

export const paymentRoutesPlugin = fp(
  async (app) => {
    await paymentRoutes(app, { ...app.payments, guard: app.guard });
  },
  { name: 'payment-routes', dependencies: ['config', 'auth-guard', 'rate-limits', 'payments'] },
);
