import fp from 'fastify-plugin';
import { type WebhookSender, webhookSender } from './outbox.js';
import { webhookRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the webhook deliveries the shop's events queued (tests call `deliverDue`). */
    webhooks: WebhookSender;
  }
}

/** Webhooks: their routes, and the sender that delivers while the app runs. */
export const webhooksPlugin = fp(
  async (app) => {
    const rules = app.config.webhooks;
    const sender = webhookSender({ db: app.db, rules, log: app.log });
    app.addHook('onReady', async () => sender.start());
    app.addHook('onClose', () => sender.stop());
    app.decorate('webhooks', sender);
    webhookRoutes(app, { db: app.db, rules, guard: app.guard, sender });
  },
  { name: 'webhooks', dependencies: ['config', 'database', 'auth-guard'] },
);
