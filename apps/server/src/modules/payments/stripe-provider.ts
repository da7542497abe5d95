import type Stripe from 'stripe';
import { AppError } from '../../http/app-error.js';
import { type PaymentProvider, type ProviderIntent, WebhookRefused } from './provider.js';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where the SDK sends its requests: Stripe itself unless set (tests use a local stand-in). */
  apiUrl?: string | undefined;
}

/** Stripe refuses webhook signatures older than this many seconds. */
const SIGNATURE_TOLERANCE_S = 300;

const toIntent = (intent: Stripe.PaymentIntent): ProviderIntent => ({
  id: intent.id,
  status: intent.status,
  amountCents: intent.amount,
  orderId: intent.metadata?.order_id,
});

const unreachable = () =>
  new AppError('unavailable', 'The card provider cannot be reached right now. Please try again in a moment.');

/** Card payments through the official Stripe SDK (loaded only by a shop that takes cards with Stripe). */
export async function stripeProvider(settings: StripeSettings): Promise<PaymentProvider> {
  const { default: Stripe } = await import('stripe');
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port,
          protocol: api.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
  });
  const provider: PaymentProvider = {
    name: 'stripe',
    publishableKey: settings.publishableKey,
    testMode: settings.secretKey.startsWith('sk_test_'),
    async createIntent(order, idempotencyKey) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: order.amountCents,
            currency: 'usd',
            metadata: { order_id: order.id },
            automatic_payment_methods: { enabled: true },
          },
          { idempotencyKey },
        );
        if (!intent.client_secret)
          throw new Error('Stripe answered a payment intent without a client secret');
        return { id: intent.id, clientSecret: intent.client_secret };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError) throw unreachable();
        throw error;
      }
    },
    async retrieve(intentId) {
      // Only a payment intent id goes to Stripe, whatever a client sent.
      if (!/^pi_[A-Za-z0-9_]{1,200}$/.test(intentId)) return undefined;
      try {
        return toIntent(await stripe.paymentIntents.retrieve(intentId));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return undefined;
        if (error instanceof Stripe.errors.StripeError) throw unreachable();
        throw error;
      }
    },
    async cancelIntent(intentId) {
      try {
        return toIntent(await stripe.paymentIntents.cancel(intentId));
      } catch (error) {
        // Already succeeded or already canceled: say how it stands.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.code === 'payment_intent_unexpected_state'
        ) {
          return this.retrieve(intentId);
        }
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return undefined;
        if (error instanceof Stripe.errors.StripeError) throw unreachable();
        throw error;
      }
    },
    verifyWebhook(rawBody, signature) {
      if (!signature) throw new WebhookRefused('The event carries no Stripe signature');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          settings.webhookSecret,
          SIGNATURE_TOLERANCE_S,
        );
      } catch {
        throw new WebhookRefused('The event signature does not hold (or is older than 5 minutes)');
      }
      const object = event.data.object as { object?: string };
      return {
        id: event.id,
        type: event.type,
        intent: object.object === 'payment_intent' ? toIntent(object as Stripe.PaymentIntent) : undefined,
      };
    },
  };
  return provider;
}
