import pino from 'pino';
import { describe, expect } from 'vitest';
import { BACKGROUND_INTERVAL_MS } from '../../background.js';
import { signUp, type TestAccount } from '../../test-support/accounts.js';
import { test as shopTest } from '../../test-support/fixture.js';
import { openTestDatabase } from '../../test-support/test-app.js';
import { releaseStaleOrders } from './service.js';

const logged: Record<string, unknown>[] = [];
const log = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
const DEFAULTS = { unverified: 1, verified: 24, aboveCardLimit: 1 };

const test = shopTest
  .extend('unverified', { scope: 'file' }, ({ shop }) => signUp(shop.app))
  .extend('verified', { scope: 'file' }, async ({ shop }) => {
    const verified = await signUp(shop.app);
    await shop.database.db
      .updateTable('users')
      .set({ email_verified_at: new Date().toISOString() })
      .where('id', '=', verified.uid)
      .execute();
    return verified;
  })
  .extend(
    'addPart',
    { scope: 'file' },
    ({ as, admin }) =>
      async (name: string, price: number, available = 1000): Promise<string> => {
        const res = await as(admin).post('/api/parts', {
          name,
          desc: 'D',
          img: 'https://example.com/p.webp',
          min_order_quantity: 1,
          available_quantity: available,
          price_per_piece: price,
        });
        return res.json().insertedId;
      },
  )
  .extend(
    'orderPlacedMinutesAgo',
    { scope: 'file' },
    ({ shop, as }) =>
      async (buyer: TestAccount, partsId: string, minutes: number, quantity = 10): Promise<string> => {
        const res = await as(buyer).post('/api/purchase', {
          partsId,
          quantity,
          mobile: '+880 1712 345678',
          address: 'Dhaka',
        });
        expect(res.statusCode, res.body).toBe(201);
        const id = res.json().insertedId;
        const createdAt = new Date(Date.now() - minutes * 60_000).toISOString();
        await shop.database.db
          .updateTable('orders')
          .set({ created_at: createdAt })
          .where('id', '=', id)
          .execute();
        return id;
      },
  )
  .extend(
    'stockOf',
    { scope: 'file' },
    ({ as }) =>
      async (partsId: string) =>
        (await as(null).get(`/api/partsById?id=${partsId}`)).json().available_quantity,
  )
  .extend(
    'orderOf',
    { scope: 'file' },
    ({ as }) =>
      async (buyer: TestAccount, id: string) =>
        (await as(buyer).get(`/api/purchaseById/${id}`)).json(),
  );

describe('releasing unpaid orders (UNPAID_ORDER_HOURS_*)', () => {
  test('releases after 1 h for an unverified email, 24 h for a verified one, 1 h above the card limit; once with two servers', async ({
    shop,
    unverified,
    verified,
    addPart,
    orderPlacedMinutesAgo,
    stockOf,
    orderOf,
  }) => {
    const partsId = await addPart('Release part', 2);
    const dearId = await addPart('Dear part', 100);
    const unverifiedLate = await orderPlacedMinutesAgo(unverified, partsId, 61);
    const unverifiedFresh = await orderPlacedMinutesAgo(unverified, partsId, 50);
    const verifiedRecent = await orderPlacedMinutesAgo(verified, partsId, 23 * 60);
    const verifiedLate = await orderPlacedMinutesAgo(verified, partsId, 24 * 60 + 1);
    // 100 pieces at $100: $10,000, above what a card may pay, whoever orders it.
    const aboveLimit = await orderPlacedMinutesAgo(verified, dearId, 61, 100);
    const belowLimit = await orderPlacedMinutesAgo(verified, dearId, 61, 99);
    const paid = await orderPlacedMinutesAgo(unverified, partsId, 48 * 60);
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
      expect((await orderOf(buyer, id)).expiredAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    }
    for (const [buyer, id] of [
      [unverified, unverifiedFresh],
      [verified, verifiedRecent],
      [verified, belowLimit],
      [unverified, paid],
    ] as const) {
      expect((await orderOf(buyer, id)).expiredAt).toBeUndefined();
    }
    // Each released order gave its pieces back once.
    expect(await stockOf(partsId)).toBe(1000 - 10 * 5 + 10 * 2);
    expect(await stockOf(dearId)).toBe(1000 - 99);
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
    addPart,
    orderPlacedMinutesAgo,
    stockOf,
    orderOf,
  }) => {
    const partsId = await addPart('Expired part', 3);
    const id = await orderPlacedMinutesAgo(unverified, partsId, 90);
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
    expect(await stockOf(partsId)).toBe(1000);
    const order = await orderOf(unverified, id);
    expect(order.paymentId).toBeUndefined();
  });

  test("releases within the hour: with the schedule's 10 minutes, in the last 10 minutes of its time", async ({
    shop,
    unverified,
    addPart,
    orderPlacedMinutesAgo,
    orderOf,
  }) => {
    const partsId = await addPart('Within the hour part', 2);
    const due = await orderPlacedMinutesAgo(unverified, partsId, 52);
    const early = await orderPlacedMinutesAgo(unverified, partsId, 45);
    await releaseStaleOrders({ db: shop.database.db }, DEFAULTS, log, BACKGROUND_INTERVAL_MS);
    expect((await orderOf(unverified, due)).expiredAt).toBeDefined();
    expect((await orderOf(unverified, early)).expiredAt).toBeUndefined();
  });
});
