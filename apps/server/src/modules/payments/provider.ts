/** A payment intent as a provider reports it. */
export interface ProviderIntent {
  id: string;
  status: string;
  amountCents: number;
  /** The order it was made for (from its metadata). */
  orderId: string | undefined;
}

/** A verified webhook event. */
export interface ProviderEvent {
  id: string;
  type: string;
  intent: ProviderIntent | undefined;
}

/**
 * A card payment provider. Two real ones exist: `test` (the shop's own processor with Stripe's
 * test cards, for offline use and tests) and `stripe` (the official SDK); `none` stands for a
 * shop that takes no cards (no-provider.ts).
 */
export interface PaymentProvider {
  readonly name: 'test' | 'stripe' | 'none';
  readonly publishableKey?: string;
  /** Whether its cards are test cards, no money moving (the test provider, Stripe's test keys). */
  readonly testMode: boolean;
  /** An intent for this order and amount; the same key answers the same intent. */
  createIntent(
    order: { id: string; amountCents: number },
    idempotencyKey: string,
  ): Promise<{ id: string; clientSecret: string }>;
  /** The intent as the provider knows it now, or undefined when it knows none of that id. */
  retrieve(intentId: string): Promise<ProviderIntent | undefined>;
  /**
   * Cancels an intent so it can no longer be paid; answers it as it is afterwards (still
   * succeeded if the buyer paid first), or undefined when the provider knows none of that id.
   */
  cancelIntent(intentId: string): Promise<ProviderIntent | undefined>;
  /** Checks a webhook's signature over its raw body; throws when it does not hold. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

export class WebhookRefused extends Error {}
