import pino from 'pino';
import { describe, expect } from 'vitest';
import { BACKGROUND_INTERVAL_MS } from '../../background.js';
import type { Database } from '../../db/database.js';
import { signUp, signUpVerified } from '../../test-support/accounts.js';
import { type Caller, test as shopTest } from '../../test-support/fixture.js';
import { placedAgo, pricedAboveTheCardLimit, purchased, readOrder } from '../../test-support/orders.js';
import { addedPart, stockOf } from '../../test-support/parts.js';
import { openTestDatabase } from '../../test-support/test-app.js';
import { releaseStaleOrders } from './service.js';

const logged: Record<string, unknown>[] = [];
const log = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
const DEFAULTS = { unverified: 1, verified: 24, aboveCardLimit: 1 };

/** A one-part order placed as the caller `minutes` ago (10 pieces unless told); answers its id. */
async function placedMinutesAgo(
  db: Database,
  caller: Caller,
  partsId: string,
  minutes: number,
  quantity = 10,
) {
  const id = await purchased(caller, partsId, quantity);
  await placedAgo(db, id, minutes * 60_000);
  return id;
}

const test = shopTest
  .extend('unverified', { scope: 'file' }, ({ shop }) => signUp(shop.app))
  .extend('verified', { scope: 'file' }, ({ shop }) => signUpVerified(shop.app, shop.database.db));

describe('releasing unpaid orders (UNPAID_ORDER_HOURS_*)', () => {
  test('releases after 1 h for an unverified email, 24 h for a verified one, 1 h above the card limit; once with two servers', async ({
    shop,
    as,
    admin,
    unverified,
    verified,
  }) => {
    const partsId = await addedPart(as(admin), { name: 'Release part', price: 2 });
    const dearId = await addedPart(as(admin), { name: 'Dear part', price: 100 });
    const unverifiedLate = await placedMinutesAgo(shop.database.db, as(unverified), partsId, 61);
    const unverifiedFresh = await placedMinutesAgo(shop.database.db, as(unverified), partsId, 50);
    const verifiedRecent = await placedMinutesAgo(shop.database.db, as(verified), partsId, 23 * 60);
    const verifiedLate = await placedMinutesAgo(shop.database.db, as(verified), partsId, 24 * 60 + 1);
    // $10,000: above what a card may pay, whoever ordered it (an order from before such orders
    // were refused).
    const aboveLimit = await placedMinutesAgo(shop.database.db, as(verified), dearId, 61, 99);
    await pricedAboveTheCardLimit(shop.database.db, aboveLimit, 10_000);
    const belowLimit = await placedMinutesAgo(shop.database.db, as(verified), dearId, 61, 99);
    const paid = await placedMinutesAgo(shop.database.db, as(unverified), partsId, 48 * 60);
    await shop.database.db
      .updateTable('orders')
      .set({ payment_id: 'pi_test_paid', paid_at: new Date().toISOString() })
      .where('id', '=', paid)
      .execute();

    // Two servers run it at the same moment: on PostgreSQL each with connections of its own (on
    // SQLite one server writes the file; two runs on its one connection).
    const second =
      shop.config.database.kind === 'postgres' ? openTestDatabase(shop.config.database.url) : undefined;
    try {
      const released = await Promise.all([
        releaseStaleOrders({ db: shop.database.db }, DEFAULTS, log),
        releaseStaleOrders({ db: second?.db ?? shop.database.db }, DEFAULTS, log),
      ]);
      expect(released[0] + released[1]).toBe(3);
    } finally {
      await second?.close();
    }

    const expired = [unverifiedLate, verifiedLate, aboveLimit];
    for (const id of expired) {
      const buyer = id === unverifiedLate ? unverified : verified;
      expect((await readOrder(as(buyer), id)).expiredAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    }
    for (const [buyer, id] of [
      [unverified, unverifiedFresh],
      [verified, verifiedRecent],
      [verified, belowLimit],
      [unverified, paid],
    ] as const) {
      expect((await readOrder(as(buyer), id)).expiredAt).toBeUndefined();
    }
    // Each released order gave its pieces back once.
    expect(await stockOf(shop.database.db, partsId)).toBe(1000 - 10 * 5 + 10 * 2);
    expect(await stockOf(shop.database.db, dearId)).toBe(1000 - 99);
    for (const id of expired) {
      const lines = logged.filter((l) => l.orderId === id);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        quantity: expect.any(Number),
        msg: 'unpaid order released: its pieces are back in stock',
      });
    }
    const audit = await shop.database.db
      .selectFrom('audit_log')
      .select(['subject_id', 'actor_id'])
      .where('action', '=', 'order.expired')
      .execute();
    expect(audit.map((a) => a.subject_id).sort()).toEqual([...expired].sort());

    // Nothing is left to release: a second run changes nothing.
    expect(await releaseStaleOrders({ db: shop.database.db }, DEFAULTS, log)).toBe(0);
  });

  test('shows an expired order to its buyer and the admin as expired, not unpaid; it cannot be cancelled or paid', async ({
    shop,
    as,
    admin,
    unverified,
  }) => {
    const partsId = await addedPart(as(admin), { name: 'Expired part', price: 3 });
    const id = await placedMinutesAgo(shop.database.db, as(unverified), partsId, 90);
    const { clientSecret } = (await as(unverified).post('/api/create-payment-intent', { _id: id })).json();
    expect(await releaseStaleOrders({ db: shop.database.db }, DEFAULTS, log)).toBe(1);

    const mine = await as(unverified).get(
      `/api/purchaseByEmail?email=${encodeURIComponent(unverified.email)}`,
    );
    expect(mine.json().find((o: { _id: string }) => o._id === id).expiredAt).toBeDefined();
    const list = async (state: string) =>
      (await as(admin).get(`/api/purchase?state=${state}&limit=100`))
        .json()
        .map((o: { _id: string }) => o._id);
    expect(await list('unpaid')).not.toContain(id);
    expect(await list('expired')).toContain(id);
    expect(await list('paid')).not.toContain(id);

    const refused = { error: { code: 'order_expired', message: expect.stringMatching(/expired/) } };
    for (const who of [unverified, admin]) {
      const cancel = await as(who).delete(`/api/purchaseById/${id}`);
      expect(cancel.statusCode).toBe(409);
      expect(cancel.json()).toMatchObject(refused);
    }
    const intent = await as(unverified).post('/api/create-payment-intent', { _id: id });
    expect(intent.statusCode).toBe(409);
    expect(intent.json()).toEqual({
      error: {
        code: 'order_expired',
        message: 'This order has expired: its pieces went back to stock. Buy again to order them.',
      },
    });
    const confirm = await as(unverified).post('/api/payments/test/confirm', {
      clientSecret,
      card: { number: '4242424242424242', exp: '12/34', cvc: '123' },
    });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json()).toMatchObject(refused);
    const put = await as(unverified).put(`/api/purchaseById/${id}`, { paymentId: 'pi_test_nothing' });
    expect(put.statusCode).toBe(409);
    expect(put.json()).toMatchObject(refused);
    // The pieces went back once, and stay back.
    expect(await stockOf(shop.database.db, partsId)).toBe(1000);
    const order = await readOrder(as(unverified), id);
    expect(order.paymentId).toBeUndefined();
  });

  test("releases within the hour: with the schedule's 10 minutes, in the last 10 minutes of its time", async ({
    shop,
    as,
    admin,
    unverified,
  }) => {
    const partsId = await addedPart(as(admin), { name: 'Within the hour part', price: 2 });
    const due = await placedMinutesAgo(shop.database.db, as(unverified), partsId, 52);
    const early = await placedMinutesAgo(shop.database.db, as(unverified), partsId, 45);
    await releaseStaleOrders({ db: shop.database.db }, DEFAULTS, log, BACKGROUND_INTERVAL_MS);
    expect((await readOrder(as(unverified), due)).expiredAt).toBeDefined();
    expect((await readOrder(as(unverified), early)).expiredAt).toBeUndefined();
  });
});
