import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from './stripe-api-stand-in.js';

let standIn: StripeStandIn;
let stripe: Stripe;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = new Stripe(standIn.secretKey, {
    host: standIn.host,
    port: standIn.port,
    protocol: standIn.protocol,
    maxNetworkRetries: 0,
  });
});
afterAll(async () => {
  await standIn.close();
});

describe('the Stripe stand-in, driven by the official SDK', () => {
  it('creates, replays by idempotency key, retrieves and confirms payment intents', async () => {
    const params = { amount: 1234, currency: 'usd', metadata: { order_id: 'order-1' } };
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: 'key-1' });
    const again = await stripe.paymentIntents.create(params, { idempotencyKey: 'key-1' });
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({
      amount: 1234,
      status: 'requires_payment_method',
      metadata: { order_id: 'order-1' },
    });
    expect(first.client_secret).toMatch(/^pi_\w+_secret_\w+$/);
    await expect(
      stripe.paymentIntents.create({ ...params, amount: 99 }, { idempotencyKey: 'key-1' }),
    ).rejects.toThrow(/idempotent/);
    expect((await stripe.paymentIntents.retrieve(first.id)).id).toBe(first.id);
    const paid = await stripe.paymentIntents.confirm(first.id, { payment_method: 'pm_card_visa' });
    expect(paid.status).toBe('succeeded');
  });

  it('declines a declined card with a StripeCardError', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 500, currency: 'usd' });
    const error = await stripe.paymentIntents
      .confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect((error as Stripe.errors.StripeCardError).code).toBe('card_declined');
  });

  it('refuses a wrong key and an unknown intent as Stripe does', async () => {
    const wrong = new Stripe('sk_test_wrong', {
      host: standIn.host,
      port: standIn.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(wrong.paymentIntents.retrieve('pi_x')).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    await expect(stripe.paymentIntents.retrieve('pi_unknown')).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });

  it('signs events that constructEvent accepts, and not when tampered or stale', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 700, currency: 'usd' });
    const event = standIn.eventFor('payment_intent.succeeded', standIn.setStatus(intent.id, 'succeeded'));
    const parsed = stripe.webhooks.constructEvent(event.payload, event.header, standIn.webhookSecret, 300);
    expect(parsed.type).toBe('payment_intent.succeeded');
    expect(() =>
      stripe.webhooks.constructEvent(
        event.payload.replace('700', '100'),
        event.header,
        standIn.webhookSecret,
        300,
      ),
    ).toThrow();
    const stale = standIn.eventFor(
      'payment_intent.succeeded',
      standIn.setStatus(intent.id, 'succeeded'),
      Math.floor(Date.now() / 1000) - 600,
    );
    expect(() =>
      stripe.webhooks.constructEvent(stale.payload, stale.header, standIn.webhookSecret, 300),
    ).toThrow(/tolerance/i);
  });
});
