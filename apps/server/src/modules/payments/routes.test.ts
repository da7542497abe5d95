import { AMOUNT_LIMIT_MESSAGE } from '@shop/contract/payments';
import { describe, expect } from 'vitest';
import { signUpVerified, type TestAccount } from '../../test-support/accounts.js';
import { test as shopTest } from '../../test-support/fixture.js';
import { clientSecretFor } from '../../test-support/invoice-orders.js';
import { pricedAboveTheCardLimit, purchase } from '../../test-support/orders.js';
import { addedPart } from '../../test-support/parts.js';
import { expectStockInvariant } from '../../test-support/stock.js';

const startingStock = new Map<string, number>();

const GOOD = { number: '4242 4242 4242 4242', exp: '12/34', cvc: '123' };

const DECLINED = { number: '4000000000000002', exp: '12/34', cvc: '123' };

const test = shopTest
  // Verified: an account nobody verified may not hold orders above the card limit at all.
  .override('buyer', ({ shop }) => signUpVerified(shop.app, shop.database.db))
  .extend('other', { scope: 'file' }, ({ shop }) => signUpVerified(shop.app, shop.database.db))
  .extend(
    'placeOrder',
    { scope: 'file' },
    ({ as, admin, buyer }) =>
      async (opts: { price?: number; quantity?: number; who?: TestAccount } = {}) => {
        const partsId = await addedPart(as(admin), { price: opts.price ?? 12, available: 1000 });
        startingStock.set(partsId, 1000);
        return (await purchase(as(opts.who ?? buyer), partsId, opts.quantity ?? 10)).json()
          .insertedId as string;
      },
  )
  /** An order of the buyer's, and the client secret its payment takes. */
  .extend('orderToPay', { scope: 'file' }, ({ shop, buyer, placeOrder }) => async () => {
    const orderId = await placeOrder();
    return { orderId, clientSecret: await clientSecretFor(shop.app, buyer, orderId) };
  })
  .extend(
    'intentFor',
    { scope: 'file' },
    ({ as, buyer }) =>
      (orderId: string, who: TestAccount = buyer) =>
        as(who).post('/api/create-payment-intent', { _id: orderId }),
  )
  .extend(
    'confirm',
    { scope: 'file' },
    ({ as, buyer }) =>
      (clientSecret: string, card: object, who: TestAccount = buyer) =>
        as(who).post('/api/payments/test/confirm', { clientSecret, card }),
  )
  .extend(
    'pay',
    { scope: 'file' },
    ({ as, buyer }) =>
      (orderId: string, paymentId: string, who: TestAccount = buyer) =>
        as(who).put(`/api/purchaseById/${orderId}`, { paymentId }),
  )
  .extend(
    'getOrder',
    { scope: 'file' },
    ({ as, admin }) =>
      async (orderId: string) =>
        (await as(admin).get(`/api/purchaseById/${orderId}`)).json(),
  );

/** No test takes or gives back a piece more than its orders say. */
test.afterAll(async ({ shop }) => {
  await expectStockInvariant(shop.database.db, startingStock);
});

describe('paying with the test card provider', () => {
  test('pays an order with 4242…: Paid with the intent id, and the buyer’s confirmation is a no-op', async ({
    placeOrder,
    intentFor,
    as,
    buyer,
    confirm,
    pay,
    getOrder,
  }) => {
    const orderId = await placeOrder();
    const intent = await intentFor(orderId);
    expect(intent.statusCode).toBe(200);
    const { clientSecret } = intent.json();
    expect(clientSecret).toMatch(/^pi_test_\w+_secret_\w+$/);
    expect((await intentFor(orderId)).json().clientSecret).toBe(clientSecret);

    const paid = await confirm(clientSecret, GOOD);
    expect(paid.statusCode).toBe(200);
    const { paymentIntent } = paid.json();
    expect(paymentIntent).toEqual({ id: expect.stringMatching(/^pi_test_/), status: 'succeeded' });
    expect((await getOrder(orderId)).paymentId).toBe(paymentIntent.id);

    expect((await pay(orderId, paymentIntent.id)).json()).toEqual({ acknowledged: true });
    expect((await pay(orderId, 'pi_test_another')).statusCode).toBe(409);
    expect((await confirm(clientSecret, GOOD)).json().paymentIntent.status).toBe('succeeded');
    expect((await intentFor(orderId)).statusCode).toBe(409);
    const cancel = await as(buyer).delete(`/api/purchaseById/${orderId}`);
    expect(cancel.statusCode).toBe(409);
  });

  test('declines 4000 0000 0000 0002 with 402, leaving the order unpaid to pay again', async ({
    orderToPay,
    confirm,
    getOrder,
  }) => {
    const { orderId, clientSecret } = await orderToPay();
    const declined = await confirm(clientSecret, DECLINED);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toEqual({ code: 'card_declined', message: 'Your card was declined.' });
    expect((await getOrder(orderId)).paymentId).toBeUndefined();
    expect((await confirm(clientSecret, GOOD)).statusCode).toBe(200);
  });

  test.for([
    ['a bad Luhn digit', { ...GOOD, number: '4242424242424241' }, 'card.number'],
    ['an expiry in the past', { ...GOOD, exp: '01/20' }, 'card.exp'],
    ['an expiry not MM/YY', { ...GOOD, exp: '2034-12' }, 'card.exp'],
    ['a month 13', { ...GOOD, exp: '13/34' }, 'card.exp'],
    ['letters in the number', { ...GOOD, number: '4242abcd42424242' }, 'card.number'],
    ['a short cvc', { ...GOOD, cvc: '12' }, 'card.cvc'],
  ] as const)(
    'refuses %s with 400 naming the field',
    async ([_label, card, field], { orderToPay, confirm }) => {
      const { clientSecret } = await orderToPay();
      const res = await confirm(clientSecret, card);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message.startsWith(field)).toBe(true);
    },
  );

  test('refuses amounts above 9,999.99 with amount_limit and no client secret; 9,999.00 is fine', async ({
    shop,
    placeOrder,
    intentFor,
  }) => {
    // Such an order is refused when it is placed now; one from before still meets this answer.
    const before = await placeOrder({ price: 1000, quantity: 9 });
    await pricedAboveTheCardLimit(shop.database.db, before, 10_000);
    const over = await intentFor(before);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({ error: { code: 'amount_limit', message: AMOUNT_LIMIT_MESSAGE } });
    expect((await intentFor(await placeOrder({ price: 9999, quantity: 1 }))).statusCode).toBe(200);
  });

  test('is for the order’s own buyer only, not another buyer, not an admin', async ({
    placeOrder,
    intentFor,
    admin,
    other,
    confirm,
    pay,
  }) => {
    const orderId = await placeOrder();
    expect((await intentFor(orderId, other)).statusCode).toBe(403);
    expect((await intentFor(orderId, admin)).statusCode).toBe(403);
    expect((await intentFor(crypto.randomUUID())).statusCode).toBe(404);
    const { clientSecret } = (await intentFor(orderId)).json();
    expect((await confirm(clientSecret, GOOD, other)).statusCode).toBe(403);
    expect((await confirm('pi_test_nope_secret_nope', GOOD)).statusCode).toBe(404);
    const paid = (await confirm(clientSecret, GOOD)).json().paymentIntent.id;
    expect((await pay(orderId, paid, admin)).statusCode).toBe(403);
  });

  test('marks nothing paid without a succeeded payment for this order and amount', async ({
    placeOrder,
    intentFor,
    confirm,
    pay,
    getOrder,
  }) => {
    const orderId = await placeOrder();
    const otherOrder = await placeOrder();
    const { clientSecret } = (await intentFor(orderId)).json();
    const unpaidIntent = clientSecret.split('_secret_')[0];
    expect((await pay(orderId, unpaidIntent)).statusCode).toBe(422);
    expect((await pay(orderId, 'pi_made_up')).statusCode).toBe(422);
    const otherSecret = (await intentFor(otherOrder)).json().clientSecret;
    const otherPaid = (await confirm(otherSecret, GOOD)).json().paymentIntent.id;
    const res = await pay(orderId, otherPaid);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('payment_not_confirmed');
    expect((await getOrder(orderId)).paymentId).toBeUndefined();
  });

  test('ends a payment racing a cancel with exactly one of them, every time', async ({
    orderToPay,
    as,
    buyer,
    confirm,
    getOrder,
  }) => {
    for (let round = 0; round < 10; round++) {
      const { orderId, clientSecret } = await orderToPay();
      const [paid, cancelled] = await Promise.all([
        confirm(clientSecret, GOOD),
        as(buyer).delete(`/api/purchaseById/${orderId}`),
      ]);
      const outcome = [paid.statusCode, cancelled.statusCode];
      if (paid.statusCode === 200) {
        expect(cancelled.statusCode, String(outcome)).toBe(409);
        expect((await getOrder(orderId)).paymentId).toBe(paid.json().paymentIntent.id);
      } else {
        expect(cancelled.statusCode, String(outcome)).toBe(200);
        expect([404, 409]).toContain(paid.statusCode);
      }
    }
  });

  test('answers again with the success it was when the order is paid by this very intent', async ({
    orderToPay,
    shop,
    confirm,
    getOrder,
  }) => {
    const { orderId, clientSecret } = await orderToPay();
    const first = await confirm(clientSecret, GOOD);
    expect(first.statusCode).toBe(200);
    const id = first.json().paymentIntent.id;
    // What a confirmation sent at the same moment can read: the intent before the other's
    // commit, the order after it.
    await shop.database.db
      .updateTable('payment_intents')
      .set({ status: 'requires_payment_method' })
      .where('id', '=', id)
      .execute();
    const again = await confirm(clientSecret, GOOD);
    expect(again.statusCode).toBe(200);
    expect(again.json().paymentIntent).toMatchObject({ id, status: 'succeeded' });
    expect((await getOrder(orderId)).paymentId).toBe(id);
  });

  test('pays once when the same card is confirmed twice at once', async ({
    orderToPay,
    confirm,
    getOrder,
  }) => {
    const { orderId, clientSecret } = await orderToPay();
    const answers = await Promise.all([confirm(clientSecret, GOOD), confirm(clientSecret, GOOD)]);
    const ids = answers.map((a) => a.json().paymentIntent?.id);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(ids[0]).toBe(ids[1]);
    expect((await getOrder(orderId)).paymentId).toBe(ids[0]);
  });
});

describe('the webhook under the test provider', () => {
  test('refuses every call with 400: there is no signature to hold', async ({ as }) => {
    const res = await as(null).post(
      '/api/payments/webhook',
      JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded' }),
      { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
    );
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/payments/config', () => {
  test('names the provider', async ({ as }) => {
    const res = await as(null).get('/api/payments/config');
    expect(res.json()).toEqual({ provider: 'test', testMode: true });
  });
});
