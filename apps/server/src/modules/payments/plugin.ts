import fp from 'fastify-plugin';
import { paymentRoutes } from './routes.js';

export const paymentRoutesPlugin = fp(
  async (app) => {
    const { rateLimits } = app.config;
    await paymentRoutes(app, {
      ...app.payments,
      guard: app.guard,
      perAccount: app.limit('payments-account', rateLimits.paymentsPerAccount),
      perIp: app.limit('payments-ip', rateLimits.paymentsPerIp),
    });
  },
  { name: 'payment-routes', dependencies: ['config', 'auth-guard', 'rate-limits', 'payments'] },
);
