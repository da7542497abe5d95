import { AMOUNT_LIMIT_MESSAGE } from '@shop/contract/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpAdmin, signUpVerified, type TestAccount } from '../../test-support/accounts.js';
import { expectStockInvariant } from '../../test-support/stock.js';
import { createTestShop, type TestShop } from '../../test-support/test-app.js';

let shop: TestShop;
let admin: TestAccount;
let buyer: TestAccount;
let other: TestAccount;
const startingStock = new Map<string, number>();

beforeAll(async () => {
  shop = await createTestShop({ demo: false });
  admin = await signUpAdmin(shop.app, shop.database.db);
  // Verified: an account nobody verified may not hold orders above the card limit at all.
  [buyer, other] = [
    await signUpVerified(shop.app, shop.database.db),
    await signUpVerified(shop.app, shop.database.db),
  ];
});
afterAll(async () => {
  await expectStockInvariant(shop.database.db, startingStock);
  await shop.close();
});

const GOOD = { number: '4242 4242 4242 4242', exp: '12/34', cvc: '123' };
const DECLINED = { number: '4000000000000002', exp: '12/34', cvc: '123' };

async function placeOrder(opts: { price?: number; quantity?: number; who?: TestAccount } = {}) {
  const part = await shop.app.inject({
    method: 'POST',
    url: '/api/parts',
    headers: bearer(admin),
    payload: {
      name: 'Payment test part',
      desc: 'For the payment tests',
      img: 'https://example.com/p.webp',
      min_order_quantity: 1,
      available_quantity: 1000,
      price_per_piece: opts.price ?? 12,
    },
  });
  const partsId = part.json().insertedId;
  startingStock.set(partsId, 1000);
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: bearer(opts.who ?? buyer),
    payload: { partsId, quantity: opts.quantity ?? 10, mobile: '+880 1712 345678', address: 'Dhaka' },
  });
  return res.json().insertedId as string;
}

const intentFor = (orderId: string, who: TestAccount = buyer) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: bearer(who),
    payload: { _id: orderId },
  });
const confirm = (clientSecret: string, card: object, who: TestAccount = buyer) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/payments/test/confirm',
    headers: bearer(who),
    payload: { clientSecret, card },
  });
const pay = (orderId: string, paymentId: string, who: TestAccount = buyer) =>
  shop.app.inject({
    method: 'PUT',
    url: `/api/purchaseById/${orderId}`,
    headers: bearer(who),
    payload: { paymentId },
  });
const getOrder = async (orderId: string) =>
  (
    await shop.app.inject({ method: 'GET', url: `/api/purchaseById/${orderId}`, headers: bearer(admin) })
  ).json();

describe('paying with the test card provider', () => {
  it('pays an order with 4242…: Paid with the intent id, and the buyer’s confirmation is a no-op', async () => {
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
    const cancel = await shop.app.inject({
      method: 'DELETE',
      url: `/api/purchaseById/${orderId}`,
      headers: bearer(buyer),
    });
    expect(cancel.statusCode).toBe(409);
  });

  it('declines 4000 0000 0000 0002 with 402, leaving the order unpaid to pay again', async () => {
    const orderId = await placeOrder();
    const { clientSecret } = (await intentFor(orderId)).json();
    const declined = await confirm(clientSecret, DECLINED);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toEqual({ code: 'card_declined', message: 'Your card was declined.' });
    expect((await getOrder(orderId)).paymentId).toBeUndefined();
    expect((await confirm(clientSecret, GOOD)).statusCode).toBe(200);
  });

  it.each([
    ['a bad Luhn digit', { ...GOOD, number: '4242424242424241' }, 'card.number'],
    ['an expiry in the past', { ...GOOD, exp: '01/20' }, 'card.exp'],
    ['an expiry not MM/YY', { ...GOOD, exp: '2034-12' }, 'card.exp'],
    ['a month 13', { ...GOOD, exp: '13/34' }, 'card.exp'],
    ['letters in the number', { ...GOOD, number: '4242abcd42424242' }, 'card.number'],
    ['a short cvc', { ...GOOD, cvc: '12' }, 'card.cvc'],
  ])('refuses %s with 400 naming the field', async (_label, card, field) => {
    const orderId = await placeOrder();
    const { clientSecret } = (await intentFor(orderId)).json();
    const res = await confirm(clientSecret, card);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message.startsWith(field)).toBe(true);
  });

  it('refuses amounts above 9,999.99 with amount_limit and no client secret; 9,999.00 is fine', async () => {
    const over = await intentFor(await placeOrder({ price: 1000, quantity: 10 }));
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({ error: { code: 'amount_limit', message: AMOUNT_LIMIT_MESSAGE } });
    expect((await intentFor(await placeOrder({ price: 9999, quantity: 1 }))).statusCode).toBe(200);
  });

  it('is for the order’s own buyer only, not another buyer, not an admin', async () => {
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

  it('marks nothing paid without a succeeded payment for this order and amount', async () => {
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

  it('ends a payment racing a cancel with exactly one of them, every time', async () => {
    for (let round = 0; round < 10; round++) {
      const orderId = await placeOrder();
      const { clientSecret } = (await intentFor(orderId)).json();
      const [paid, cancelled] = await Promise.all([
        confirm(clientSecret, GOOD),
        shop.app.inject({ method: 'DELETE', url: `/api/purchaseById/${orderId}`, headers: bearer(buyer) }),
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

  it('answers again with the success it was when the order is paid by this very intent', async () => {
    const orderId = await placeOrder();
    const { clientSecret } = (await intentFor(orderId)).json();
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

  it('pays once when the same card is confirmed twice at once', async () => {
    const orderId = await placeOrder();
    const { clientSecret } = (await intentFor(orderId)).json();
    const answers = await Promise.all([confirm(clientSecret, GOOD), confirm(clientSecret, GOOD)]);
    const ids = answers.map((a) => a.json().paymentIntent?.id);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(ids[0]).toBe(ids[1]);
    expect((await getOrder(orderId)).paymentId).toBe(ids[0]);
  });
});

describe('the webhook under the test provider', () => {
  it('refuses every call with 400: there is no signature to hold', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded' }),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/payments/config', () => {
  it('names the provider', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(res.json()).toEqual({ provider: 'test', testMode: true });
  });
});
