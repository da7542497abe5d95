import { describe, expect } from 'vitest';
import { bearer, signUp, signUpAdmin } from '../../test-support/accounts.js';
import { test as shopTest } from '../../test-support/fixture.js';
import { placeOrder } from '../../test-support/invoice-orders.js';
import { type StripeStandIn, startStripeStandIn } from '../../test-support/stripe-api-stand-in.js';
import { createTestShop } from '../../test-support/test-app.js';
import { reconcilePayments } from './reconcile.js';
import { stripeProvider } from './stripe-provider.js';

const test = shopTest
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads what a fixture needs from its first argument's pattern
  .extend('standIn', { scope: 'file' }, async ({}, { onCleanup }): Promise<StripeStandIn> => {
    const standIn = await startStripeStandIn();
    onCleanup(() => standIn.close());
    return standIn;
  })
  .override('shopOptions', ({ standIn }) => ({
    demo: false,
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_shop',
      STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
      STRIPE_API_URL: `http://${standIn.host}:${standIn.port}`,
    },
  }))
  /** An order of the buyer's: `quantity` pieces at `pricePerPiece` dollars. */
  .extend(
    'newOrder',
    { scope: 'file' },
    ({ shop, admin, buyer }) =>
      (pricePerPiece = 25, quantity = 4) =>
        placeOrder(shop.app, { admin, buyer }, { price: pricePerPiece, quantity }),
  )
  .extend('intentFor', { scope: 'file' }, ({ as, buyer, standIn }) => async (orderId: string) => {
    const res = await as(buyer).post('/api/create-payment-intent', { _id: orderId });
    expect(res.statusCode).toBe(200);
    const clientSecret = res.json().clientSecret as string;
    const intent = [...standIn.intents.values()].find((i) => i.client_secret === clientSecret);
    if (!intent) throw new Error('the stand-in never saw that intent');
    return intent;
  })
  /** An order whose intent Stripe says succeeded (the buyer paid, nobody told the shop yet). */
  .extend('succeeded', { scope: 'file' }, ({ standIn, newOrder, intentFor }) => async () => {
    const orderId = await newOrder();
    return { orderId, intent: standIn.setStatus((await intentFor(orderId)).id, 'succeeded') };
  })
  .extend(
    'pay',
    { scope: 'file' },
    ({ as, buyer }) =>
      (orderId: string, paymentId: string) =>
        as(buyer).put(`/api/purchaseById/${orderId}`, { paymentId }),
  )
  .extend(
    'paymentIdOf',
    { scope: 'file' },
    ({ as, buyer }) =>
      async (orderId: string) =>
        (await as(buyer).get(`/api/purchaseById/${orderId}`)).json().paymentId as string | undefined,
  )
  .extend(
    'deliver',
    { scope: 'file' },
    ({ as }) =>
      (event: { payload: string; header: string }) =>
        as(null).post('/api/payments/webhook', event.payload, {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': event.header,
        }),
  );

describe('paying through Stripe (the official SDK against a local stand-in)', () => {
  test('creates a PaymentIntent in cents with the order id and an idempotency key, once per unpaid order', async ({
    as,
    standIn,
    newOrder,
    intentFor,
  }) => {
    const orderId = await newOrder(25, 4);
    const intent = await intentFor(orderId);
    expect(intent).toMatchObject({ amount: 10_000, currency: 'usd', metadata: { order_id: orderId } });
    const created = standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(created.at(-1)?.idempotencyKey).toBe(`order-${orderId}-10000`);
    expect((await intentFor(orderId)).id).toBe(intent.id);
    expect(standIn.requests.filter((r) => r.path === '/v1/payment_intents')).toHaveLength(created.length);
    const config = await as(null).get('/api/payments/config');
    expect(config.json()).toEqual({ provider: 'stripe', testMode: true, publishableKey: 'pk_test_shop' });
  });

  test('marks the order paid on PUT only once Stripe says the intent succeeded for it', async ({
    standIn,
    newOrder,
    intentFor,
    pay,
    paymentIdOf,
  }) => {
    const orderId = await newOrder();
    const intent = await intentFor(orderId);
    expect((await pay(orderId, intent.id)).statusCode).toBe(422);
    expect((await pay(orderId, 'pi_unknown123')).statusCode).toBe(422);
    expect((await pay(orderId, '../../v1/customers')).statusCode).toBe(422);
    standIn.setStatus(intent.id, 'succeeded');
    expect((await pay(orderId, intent.id)).statusCode).toBe(200);
    expect(await paymentIdOf(orderId)).toBe(intent.id);
    expect((await pay(orderId, intent.id)).statusCode).toBe(200);
    const before = standIn.requests.length;
    expect((await pay(orderId, 'pi_another')).statusCode).toBe(409);
    // docs/api.md precise point 2: refused before asking Stripe.
    expect(standIn.requests.length).toBe(before);
  });

  test('refuses an intent that succeeded for another order', async ({
    standIn,
    newOrder,
    intentFor,
    pay,
  }) => {
    const [first, second] = [await newOrder(), await newOrder()];
    const intent = await intentFor(first);
    standIn.setStatus(intent.id, 'succeeded');
    expect((await pay(second, intent.id)).statusCode).toBe(422);
  });

  test('lets the webhook alone pay an order whose buyer never came back; five deliveries change it once', async ({
    shop,
    standIn,
    succeeded,
    paymentIdOf,
    deliver,
  }) => {
    const { orderId, intent } = await succeeded();
    const event = standIn.eventFor('payment_intent.succeeded', intent);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await paymentIdOf(orderId)).toBe(intent.id);
    const events = await shop.database.db
      .selectFrom('payment_events')
      .selectAll()
      .where('id', '=', event.id)
      .execute();
    expect(events).toHaveLength(1);
    const failed = standIn.eventFor('payment_intent.payment_failed', {
      ...intent,
      status: 'requires_payment_method',
    });
    expect((await deliver(failed)).statusCode).toBe(200);
    expect(await paymentIdOf(orderId)).toBe(intent.id);
  });

  test('makes one paid transition when the webhook and the buyer arrive together', async ({
    standIn,
    succeeded,
    pay,
    paymentIdOf,
    deliver,
  }) => {
    const { orderId, intent } = await succeeded();
    const [hook, put] = await Promise.all([
      deliver(standIn.eventFor('payment_intent.succeeded', intent)),
      pay(orderId, intent.id),
    ]);
    expect([hook.statusCode, put.statusCode]).toEqual([200, 200]);
    expect(await paymentIdOf(orderId)).toBe(intent.id);
  });

  test('refuses events without a good, fresh signature with 400', async ({
    as,
    standIn,
    succeeded,
    paymentIdOf,
    deliver,
  }) => {
    const { orderId, intent } = await succeeded();
    const good = standIn.eventFor('payment_intent.succeeded', intent);
    expect(
      (await deliver({ payload: good.payload.replace(orderId, crypto.randomUUID()), header: good.header }))
        .statusCode,
    ).toBe(400);
    expect((await deliver({ payload: good.payload, header: 't=1,v1=deadbeef' })).statusCode).toBe(400);
    const stale = standIn.eventFor(
      'payment_intent.succeeded',
      intent,
      Math.floor(Date.now() / 1000) - 301 - 5,
    );
    expect((await deliver(stale)).statusCode).toBe(400);
    const unsigned = await as(null).post('/api/payments/webhook', good.payload, {
      'content-type': 'application/json',
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await paymentIdOf(orderId)).toBeUndefined();
  });

  test('cancels the intent at Stripe when the order is cancelled, so nobody can pay for it after', async ({
    as,
    buyer,
    standIn,
    newOrder,
    intentFor,
  }) => {
    const orderId = await newOrder();
    const intent = await intentFor(orderId);
    const res = await as(buyer).delete(`/api/purchaseById/${orderId}`);
    expect(res.statusCode).toBe(200);
    expect(standIn.intents.get(intent.id)?.status).toBe('canceled');
  });

  test('refuses to cancel an order whose intent the buyer already paid, and pays the order instead', async ({
    as,
    buyer,
    succeeded,
    paymentIdOf,
  }) => {
    const { orderId, intent } = await succeeded();
    const res = await as(buyer).delete(`/api/purchaseById/${orderId}`);
    expect(res.statusCode).toBe(409);
    expect(await paymentIdOf(orderId)).toBe(intent.id);
  });

  test('reconciles: a payment that succeeded at Stripe with no buyer and no webhook still pays its order', async ({
    shop,
    standIn,
    newOrder,
    intentFor,
    succeeded,
    paymentIdOf,
  }) => {
    const { orderId, intent } = await succeeded();
    const other = await newOrder();
    await intentFor(other);
    const provider = await stripeProvider({
      secretKey: standIn.secretKey,
      publishableKey: 'pk_test_shop',
      webhookSecret: standIn.webhookSecret,
      apiUrl: `http://${standIn.host}:${standIn.port}`,
    });
    const deps = { db: shop.database.db, provider };
    // Earlier tests left succeeded intents of unpaid orders too: those orders are paid now as well.
    expect(await reconcilePayments(deps, shop.app.log)).toBeGreaterThanOrEqual(1);
    expect(await paymentIdOf(orderId)).toBe(intent.id);
    expect(await paymentIdOf(other)).toBeUndefined();
    expect(await reconcilePayments(deps, shop.app.log)).toBe(0);
  });

  test('says 503 when Stripe cannot be reached, and nothing is written', async ({ standIn }) => {
    const gone = await createTestShop({
      demo: false,
      env: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: standIn.secretKey,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_shop',
        STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
        STRIPE_API_URL: 'http://127.0.0.1:9',
      },
    });
    try {
      const someone = await signUp(gone.app);
      const part = await gone.app.inject({
        method: 'POST',
        url: '/api/parts',
        headers: bearer(await signUpAdmin(gone.app, gone.database.db)),
        payload: {
          name: 'P',
          desc: 'D',
          img: 'https://example.com/p.webp',
          min_order_quantity: 1,
          available_quantity: 5,
          price_per_piece: 5,
        },
      });
      const order = await gone.app.inject({
        method: 'POST',
        url: '/api/purchase',
        headers: bearer(someone),
        payload: {
          partsId: part.json().insertedId,
          quantity: 2,
          mobile: '+880 1712 345678',
          address: 'Dhaka',
        },
      });
      const res = await gone.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: bearer(someone),
        payload: { _id: order.json().insertedId },
      });
      expect(res.statusCode).toBe(503);
      expect(await gone.database.db.selectFrom('payment_intents').selectAll().execute()).toEqual([]);
    } finally {
      await gone.close();
    }
  });
});
