import { ErrorBody } from '@shop/contract/errors';
import { OrderIdParams } from '@shop/contract/orders';
import {
  ClientSecretAnswer,
  PaymentBody,
  PaymentIntentBody,
  PaymentsConfig,
  TestConfirmAnswer,
  TestConfirmBody,
} from '@shop/contract/payments';
import { Acknowledged } from '@shop/contract/primitives';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressKey } from '../../http/address-key.js';
import { badRequest } from '../../http/app-error.js';
import { type AuthGuard, callerOf } from '../../http/auth-guard.js';
import { limit } from '../../plugins/rate-limits.js';
import { WebhookRefused } from './provider.js';
import {
  confirmTestPayment,
  createPaymentIntent,
  type PaymentDeps,
  payOrder,
  receiveWebhook,
} from './service.js';

const security = [{ bearer: [] }];
const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
  503: ErrorBody.describe('payments_not_configured: the shop takes no card payments now'),
};

export async function paymentRoutes(app: FastifyInstance, deps: PaymentDeps & { guard: AuthGuard }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { guard, provider } = deps;
  const { rateLimits } = app.config;
  /** Payments are limited per address (the routes' limit), then per account. */
  const paymentsPerIp = limit('payments-ip', rateLimits.paymentsPerIp, (request) => addressKey(request.ip));
  const paymentsPerAccount = app.rateLimited(
    limit('payments-account', rateLimits.paymentsPerAccount, (request) => callerOf(request).id),
  );

  api.get(
    '/api/payments/config',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Which card provider the shop uses (or none), whether in test mode, and Stripe’s publishable key',
        response: { 200: PaymentsConfig },
      },
    },
    async () => ({
      provider: provider.name,
      testMode: provider.testMode,
      ...(provider.publishableKey ? { publishableKey: provider.publishableKey } : {}),
    }),
  );

  api.post(
    '/api/create-payment-intent',
    {
      onRequest: guard.user,
      schema: {
        tags: ['payments'],
        summary:
          'A client secret for paying your unpaid order (amounts above 9,999.99 are refused; an expired order: 409 order_expired)',
        security,
        body: PaymentIntentBody,
        response: { 200: ClientSecretAnswer, ...errors },
      },
    },
    async (request) => ({
      clientSecret: await createPaymentIntent(deps, callerOf(request), request.body._id),
    }),
  );

  api.post(
    '/api/payments/test/confirm',
    {
      onRequest: guard.user,
      config: { rateLimit: paymentsPerIp },
      schema: {
        tags: ['payments'],
        summary: "Pay with a card through the shop's test provider (Stripe's test card numbers)",
        security,
        body: TestConfirmBody,
        response: { 200: TestConfirmAnswer, 402: ErrorBody, ...errors },
      },
    },
    async (request) => {
      await paymentsPerAccount(request);
      const buyer = callerOf(request);
      return { paymentIntent: await confirmTestPayment(deps, buyer, request.body) };
    },
  );

  api.put(
    '/api/purchaseById/:id',
    {
      onRequest: guard.user,
      config: { rateLimit: paymentsPerIp },
      schema: {
        tags: ['payments'],
        summary: 'Mark your order paid, once the card provider confirms the payment for it',
        security,
        params: OrderIdParams,
        body: PaymentBody,
        response: { 200: Acknowledged, ...errors },
      },
    },
    async (request) => {
      await paymentsPerAccount(request);
      const buyer = callerOf(request);
      await payOrder(deps, buyer, request.params.id, request.body.paymentId);
      return { acknowledged: true as const };
    },
  );

  // The webhook's signature is over the exact bytes sent: this route alone reads its body raw.
  await app.register(async (webhooks) => {
    webhooks.removeAllContentTypeParsers();
    webhooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    webhooks.withTypeProvider<ZodTypeProvider>().post(
      '/api/payments/webhook',
      {
        schema: {
          tags: ['payments'],
          summary: "The card provider's events (signed); a succeeded payment pays its order",
          response: { 200: z.object({ received: z.literal(true) }), 400: ErrorBody, 415: ErrorBody },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        if (!Buffer.isBuffer(request.body)) throw badRequest('The event body is missing');
        try {
          await receiveWebhook(deps, request.body, typeof signature === 'string' ? signature : undefined);
        } catch (error) {
          if (error instanceof WebhookRefused) throw badRequest(error.message);
          throw error;
        }
        return { received: true as const };
      },
    );
  });
}
