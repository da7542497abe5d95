import pino from 'pino';
import { describe, expect } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { test as shopTest } from '../../test-support/fixture.js';
import { purchase, purchased } from '../../test-support/orders.js';
import { insertPart, stockOf } from '../../test-support/parts.js';
import { releaseStaleOrders } from '../orders/index.js';
import { reconcilePayments, releaseIntents } from './reconcile.js';
import { testProvider } from './test-provider.js';

const logged: Record<string, unknown>[] = [];
const log = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
const HOURS = { unverified: 1, verified: 24, aboveCardLimit: 1 };
shopTest.override('shopOptions', {
  demo: false,
  env: { LOG_LEVEL: 'warn' },
  logStream: { write: (line: string) => void logged.push(JSON.parse(line)) },
});

const test = shopTest
  .extend('deps', { scope: 'file' }, ({ shop }) => () => ({
    db: shop.database.db,
    provider: testProvider(shop.database.db),
    log,
  }))
  /**
   * An order with a payment intent, placed 90 minutes ago and released (its intent cancelled); then
   * the card provider reports the intent succeeded after all (a payment that was already under way).
   * Answers the order's and the payment's ids.
   */
  .extend(
    'expiredOrderPaidLate',
    { scope: 'file' },
    ({ shop, as, buyer, deps }) =>
      async (partsId: string, quantity: number) => {
        const orderId = await purchased(as(buyer), partsId, quantity);
        await as(buyer).post('/api/create-payment-intent', { _id: orderId });
        const at = new Date(Date.now() - 90 * 60_000).toISOString();
        await shop.database.db
          .updateTable('orders')
          .set({ created_at: at })
          .where('id', '=', orderId)
          .execute();
        // As the shop wires it: the order's intents are cancelled at the provider before it expires.
        const orders = { db: shop.database.db, beforeCancel: (id: string) => releaseIntents(deps(), id) };
        expect(await releaseStaleOrders(orders, HOURS, log)).toBe(1);
        const intent = await shop.database.db
          .selectFrom('payment_intents')
          .select(['id', 'status'])
          .where('order_id', '=', orderId)
          .executeTakeFirstOrThrow();
        expect(intent.status).toBe('canceled');
        await shop.database.db
          .updateTable('payment_intents')
          .set({ status: 'succeeded' })
          .where('id', '=', intent.id)
          .execute();
        return { orderId, paymentId: intent.id };
      },
  )
  .extend(
    'order',
    { scope: 'file' },
    ({ as, buyer }) =>
      async (id: string) =>
        (await as(buyer).get(`/api/purchaseById/${id}`)).json(),
  );

describe('a payment that succeeds after its order expired', () => {
  test('pays the order when its pieces are still in stock: they are taken again', async ({
    shop,
    as,
    buyer,
    expiredOrderPaidLate,
    order,
  }) => {
    const partsId = await insertPart(shop.database.db, { name: 'Late part', available_quantity: 100 });
    const { orderId, paymentId } = await expiredOrderPaidLate(partsId, 10);
    expect(await stockOf(shop.database.db, partsId)).toBe(100);

    const put = await as(buyer).put(`/api/purchaseById/${orderId}`, { paymentId });
    expect(put.statusCode, put.body).toBe(200);
    const paid = await order(orderId);
    expect(paid).toMatchObject({ paymentId, invoiceNumber: expect.stringMatching(/^INV-/) });
    expect(paid.expiredAt).toBeUndefined();
    expect(await stockOf(shop.database.db, partsId)).toBe(90);
    expect(logged.find((l) => l.orderId === orderId && l.level === 40)?.msg).toMatch(/still in stock/);
  });

  test('keeps the order expired when its pieces are gone, and records the payment as due for a refund, loudly and once', async ({
    shop,
    as,
    buyer,
    deps,
    expiredOrderPaidLate,
    order,
  }) => {
    const partsId = await insertPart(shop.database.db, { name: 'Sold part', available_quantity: 10 });
    const { orderId, paymentId } = await expiredOrderPaidLate(partsId, 10);
    // Someone else bought the pieces meanwhile.
    const other = await signUp(shop.app);
    expect((await purchase(as(other), partsId, 10)).statusCode).toBe(201);

    expect(await reconcilePayments(deps(), log)).toBe(0);
    expect(await reconcilePayments(deps(), log)).toBe(0);
    const alarms = logged.filter((l) => l.orderId === orderId && l.level === 50);
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({ paymentId, amount: 30, msg: expect.stringMatching(/^REFUND DUE/) });
    const audit = await shop.database.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('subject_id', '=', orderId)
      .where('action', '=', 'order.refund_due')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.after ?? '{}')).toEqual({ paymentId, amount: 30 });

    const still = await order(orderId);
    expect(still.expiredAt).toBeDefined();
    expect(still.paymentId).toBeUndefined();
    expect(await stockOf(shop.database.db, partsId)).toBe(0);

    // The buyer coming back from the card page hears what happens to the money.
    const put = await as(buyer).put(`/api/purchaseById/${orderId}`, { paymentId });
    expect(put.statusCode).toBe(409);
    expect(put.json()).toEqual({
      error: {
        code: 'order_expired',
        message:
          'This order expired before its payment arrived and its pieces are sold: the payment will be refunded.',
      },
    });
  });
});
