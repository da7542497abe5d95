import {
  ALREADY_DELIVERED_MESSAGE,
  ALREADY_SHIPPED_MESSAGE,
  NOT_SHIPPABLE_MESSAGE,
  NOT_SHIPPED_MESSAGE,
  SHIPPED_NOT_CANCELLABLE_MESSAGE,
} from '@shop/contract/fulfilment';
import type { Order } from '@shop/contract/orders';
import type { Overview } from '@shop/contract/overview';
import pino from 'pino';
import { describe, expect } from 'vitest';
import { bearer, signUp, signUpAdmin, type TestAccount } from '../../test-support/accounts.js';
import { test as shopTest } from '../../test-support/fixture.js';
import { paidOrder, placeOrder } from '../../test-support/invoice-orders.js';
import { cancelOrder, readOrder } from '../../test-support/orders.js';
import { createTestShop } from '../../test-support/test-app.js';
import { releaseStaleOrders } from '../orders/index.js';

/** PUT /api/purchaseById/{id}/fulfilment: a paid (or invoiced) order ships, then is delivered. */
const SHIP = { status: 'shipped', carrier: 'DHL Express', trackingNumber: 'JD014600006281430613' };

/** The file's shop, its admin, a buyer of a name and another buyer, and helpers on them. */
const test = shopTest
  .override('buyer', ({ shop }) => signUp(shop.app, { name: 'Karnaphuli Assemblies' }))
  .extend('other', { scope: 'file' }, ({ shop }) => signUp(shop.app))
  .extend(
    'paid',
    { scope: 'file' },
    ({ shop, admin, buyer }) =>
      async () =>
        (await paidOrder(shop.app, { admin, buyer })).orderId,
  )
  .extend(
    'unpaid',
    { scope: 'file' },
    ({ shop, admin, buyer }) =>
      () =>
        placeOrder(shop.app, { admin, buyer }),
  )
  /** A net-30 order: invoiced with a due date, not paid (as the companies' net-30 terms make one). */
  .extend('invoiced', { scope: 'file' }, ({ shop, unpaid }) => async (): Promise<string> => {
    const id = await unpaid();
    const due = new Date(Date.now() + 30 * 86_400_000).toISOString();
    await shop.database.db.updateTable('orders').set({ due_date: due }).where('id', '=', id).execute();
    return id;
  })
  .extend(
    'fulfil',
    { scope: 'file' },
    ({ as, admin }) =>
      (id: string, payload: unknown, caller: TestAccount | null = admin) =>
        as(caller).put(`/api/purchaseById/${id}/fulfilment`, payload as object),
  )
  /** A paid order, shipped by the admin. */
  .extend('shippedOrder', { scope: 'file' }, ({ paid, fulfil }) => async (): Promise<string> => {
    const id = await paid();
    await fulfil(id, SHIP);
    return id;
  })
  .extend(
    'auditOf',
    { scope: 'file' },
    ({ shop }) =>
      (id: string) =>
        shop.database.db
          .selectFrom('audit_log')
          .selectAll()
          .where('subject_id', '=', id)
          .where('action', 'in', ['order.shipped', 'order.delivered'])
          .orderBy('at')
          .execute(),
  )
  .extend(
    'shippedMails',
    { scope: 'file' },
    ({ shop }) =>
      (id: string) =>
        shop.database.db
          .selectFrom('mail_outbox')
          .selectAll()
          .where('subject_id', '=', id)
          .where('kind', '=', 'order_shipped')
          .execute(),
  );

describe('shipping and delivering', () => {
  test('ships a paid order with its carrier and tracking number, then delivers it; the buyer sees both', async ({
    as,
    buyer,
    paid,
    fulfil,
  }) => {
    const id = await paid();
    expect((await readOrder(as(buyer), id)).fulfilment).toEqual({ status: 'unfulfilled', shipments: [] });
    const shipped = await fulfil(id, { ...SHIP, carrier: '  DHL Express  ' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const order = shipped.json() as Order;
    expect(order._id).toBe(id);
    expect(order.fulfilment).toEqual({
      status: 'shipped',
      carrier: 'DHL Express',
      trackingNumber: 'JD014600006281430613',
      shippedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      // The whole order in one shipment.
      shipments: [
        expect.objectContaining({
          carrier: 'DHL Express',
          trackingNumber: 'JD014600006281430613',
          status: 'shipped',
        }),
      ],
    });
    expect((await readOrder(as(buyer), id)).fulfilment).toEqual(order.fulfilment);

    const delivered = await fulfil(id, { status: 'delivered' });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect((delivered.json() as Order).fulfilment).toEqual({
      ...order.fulfilment,
      status: 'delivered',
      deliveredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      shipments: [expect.objectContaining({ status: 'delivered' })],
    });
    expect((await readOrder(as(buyer), id)).fulfilment.status).toBe('delivered');
  });

  test('writes every change into the activity log, by whom, with before and after', async ({
    shippedOrder,
    fulfil,
    as,
    admin,
    auditOf,
  }) => {
    const id = await shippedOrder();
    await fulfil(id, { status: 'delivered' });
    const entries = await auditOf(id);
    expect(entries.map((e) => [e.action, e.actor_email])).toEqual([
      ['order.shipped', admin.email],
      ['order.delivered', admin.email],
    ]);
    expect(JSON.parse(entries[0]?.before ?? 'null')).toEqual({ status: 'unfulfilled' });
    expect(JSON.parse(entries[0]?.after ?? 'null')).toEqual({
      status: 'shipped',
      carrier: SHIP.carrier,
      trackingNumber: SHIP.trackingNumber,
      shippedAt: expect.any(String),
    });
    expect(JSON.parse(entries[1]?.before ?? 'null')).toMatchObject({ status: 'shipped' });
    expect(JSON.parse(entries[1]?.after ?? 'null')).toMatchObject({
      status: 'delivered',
      deliveredAt: expect.any(String),
    });
    // The activity page reads them too.
    const log = await as(admin).get('/api/audit');
    expect(log.body).toContain('order.shipped');
  });

  test('ships a net-30 order that is invoiced but not paid yet', async ({ fulfil, invoiced }) => {
    const id = await invoiced();
    const res = await fulfil(id, SHIP);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Order).fulfilment.status).toBe('shipped');
  });

  test('refuses to ship an unpaid or expired order (409), and leaves it unfulfilled', async ({
    as,
    buyer,
    fulfil,
    shop,
    unpaid,
    auditOf,
    shippedMails,
  }) => {
    const open = await unpaid();
    const res = await fulfil(open, SHIP);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'conflict', message: NOT_SHIPPABLE_MESSAGE });
    const gone = await unpaid();
    await shop.database.db
      .updateTable('orders')
      .set({ expired_at: new Date().toISOString() })
      .where('id', '=', gone)
      .execute();
    expect((await fulfil(gone, SHIP)).statusCode).toBe(409);
    expect((await readOrder(as(buyer), open)).fulfilment).toEqual({ status: 'unfulfilled', shipments: [] });
    expect(await auditOf(open)).toEqual([]);
    expect(await shippedMails(open)).toEqual([]);
  });

  test('refuses delivered before shipped, shipped twice, and delivered twice (409)', async ({
    as,
    buyer,
    paid,
    fulfil,
    auditOf,
  }) => {
    const id = await paid();
    const early = await fulfil(id, { status: 'delivered' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(NOT_SHIPPED_MESSAGE);
    expect((await fulfil(id, SHIP)).statusCode).toBe(200);
    const again = await fulfil(id, { ...SHIP, trackingNumber: 'ANOTHER-1' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ALREADY_SHIPPED_MESSAGE);
    expect((await readOrder(as(buyer), id)).fulfilment.trackingNumber).toBe(SHIP.trackingNumber);
    expect((await fulfil(id, { status: 'delivered' })).statusCode).toBe(200);
    const twice = await fulfil(id, { status: 'delivered' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(ALREADY_DELIVERED_MESSAGE);
    expect((await fulfil(id, SHIP)).json().error.message).toBe(ALREADY_SHIPPED_MESSAGE);
    expect((await auditOf(id)).map((e) => e.action)).toEqual(['order.shipped', 'order.delivered']);
  });

  test('of 10 admins marking one order shipped at once, exactly one does, with one audit entry', async ({
    as,
    buyer,
    paid,
    fulfil,
    auditOf,
  }) => {
    const id = await paid();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => fulfil(id, { ...SHIP, trackingNumber: `RACE-${i}` })),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    const winner = answers.find((res) => res.statusCode === 200);
    const stored = (await readOrder(as(buyer), id)).fulfilment;
    expect(stored.trackingNumber).toBe((winner?.json() as Order | undefined)?.fulfilment.trackingNumber);
    expect(await auditOf(id)).toHaveLength(1);
  });

  test('of 10 deliveries at once, exactly one is made', async ({ shippedOrder, fulfil, auditOf }) => {
    const id = await shippedOrder();
    const answers = await Promise.all(Array.from({ length: 10 }, () => fulfil(id, { status: 'delivered' })));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect((await auditOf(id)).map((e) => e.action)).toEqual(['order.shipped', 'order.delivered']);
  });
});

describe('who may change it, and what they send', () => {
  test('is for admins only: the buyer 403, a visitor 401, an unknown order 404, a malformed id 400', async ({
    as,
    paid,
    fulfil,
    buyer,
    other,
  }) => {
    const id = await paid();
    expect((await fulfil(id, SHIP, buyer)).statusCode).toBe(403);
    expect((await fulfil(id, SHIP, other)).statusCode).toBe(403);
    expect((await fulfil(id, SHIP, null)).statusCode).toBe(401);
    const unknown = await fulfil('01900000-0000-7000-8000-000000000000', SHIP);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
    expect((await fulfil('not-an-id', SHIP)).statusCode).toBe(400);
    expect((await readOrder(as(buyer), id)).fulfilment.status).toBe('unfulfilled');
  });

  const long = 'x'.repeat(101);
  test.for([
    [{ status: 'lost' }, 'status must be shipped or delivered'],
    [{ status: 'unfulfilled' }, 'status must be shipped or delivered'],
    [{ status: 1 }, 'status must be shipped or delivered'],
    [{ carrier: 'DHL', trackingNumber: '1' }, 'status must be shipped or delivered'],
    [{ status: 'shipped', trackingNumber: '1' }, 'carrier is required'],
    [{ status: 'shipped', carrier: 'DHL' }, 'trackingNumber is required'],
    [{ status: 'shipped', carrier: '', trackingNumber: '1' }, 'carrier is required'],
    [{ status: 'shipped', carrier: '   ', trackingNumber: '1' }, 'carrier is required'],
    [{ status: 'shipped', carrier: 'DHL', trackingNumber: '' }, 'trackingNumber is required'],
    [{ status: 'shipped', carrier: long, trackingNumber: '1' }, 'carrier must be at most 100 characters'],
    [
      { status: 'shipped', carrier: 'DHL', trackingNumber: long },
      'trackingNumber must be at most 100 characters',
    ],
    [
      { status: 'shipped', carrier: 'DH\u0000L', trackingNumber: '1' },
      'carrier must not contain control characters',
    ],
    [
      { status: 'shipped', carrier: 'DHL', trackingNumber: '1\u001b2' },
      'trackingNumber must not contain control characters',
    ],
    [
      { status: 'shipped', carrier: 'DHL\nUPS', trackingNumber: '1' },
      'carrier must be one line, without tabs or line breaks',
    ],
    [
      { status: 'shipped', carrier: 'DHL', trackingNumber: '1\t2' },
      'trackingNumber must be one line, without tabs or line breaks',
    ],
    [{ status: 'shipped', carrier: true, trackingNumber: '1' }, 'carrier must be text'],
    [{ status: 'shipped', carrier: null, trackingNumber: '1' }, 'carrier must be text'],
    [{ status: 'shipped', carrier: 'DHL', trackingNumber: {} }, 'trackingNumber must be text'],
    [{ status: 'shipped', carrier: 'DHL', trackingNumber: ['1'] }, 'trackingNumber must be text'],
    [{ status: 'shipped', carrier: 'DHL', trackingNumber: 1e21 }, 'trackingNumber must be text'],
    [{ status: 'shipped', carrier: 'DHL', trackingNumber: 1.5 }, 'trackingNumber must be text'],
  ] as const)('refuses %j with 400: %s', async ([payload, message], { as, buyer, paid, fulfil }) => {
    const id = await paid();
    const res = await fulfil(id, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toEqual({ code: 'validation', message });
    expect((await readOrder(as(buyer), id)).fulfilment.status).toBe('unfulfilled');
  });

  test('refuses a body that is not a JSON object, and other media types', async ({ paid, as, admin }) => {
    const id = await paid();
    for (const payload of ['null', '[]', '"shipped"', '12']) {
      const res = await as(admin).put(`/api/purchaseById/${id}/fulfilment`, payload, {
        'content-type': 'application/json',
      });
      expect(res.statusCode, payload).toBe(400);
    }
    const text = await as(admin).put(`/api/purchaseById/${id}/fulfilment`, 'shipped', {
      'content-type': 'text/plain',
    });
    expect(text.statusCode).toBe(415);
  });

  test('reads a whole-number tracking number as its digits, and ignores unknown fields', async ({
    paid,
    fulfil,
  }) => {
    const id = await paid();
    const res = await fulfil(id, { ...SHIP, trackingNumber: 9_007_199_254_740_991, shippedAt: '2000-01-01' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Order).fulfilment.trackingNumber).toBe('9007199254740991');
    expect((res.json() as Order).fulfilment.shippedAt).not.toMatch(/^2000/);
  });
});

describe('a shipped order stays an order', () => {
  test('cannot be cancelled by its buyer nor deleted by an admin once shipped, even unpaid on net 30', async ({
    as,
    fulfil,
    admin,
    buyer,
    invoiced,
  }) => {
    const id = await invoiced();
    expect((await fulfil(id, SHIP)).statusCode).toBe(200);
    for (const caller of [buyer, admin]) {
      const res = await cancelOrder(as(caller), id);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: 'conflict', message: SHIPPED_NOT_CANCELLABLE_MESSAGE });
    }
    expect((await fulfil(id, { status: 'delivered' })).statusCode).toBe(200);
    expect((await cancelOrder(as(admin), id)).json().error.message).toBe(SHIPPED_NOT_CANCELLABLE_MESSAGE);
    expect((await readOrder(as(buyer), id)).fulfilment.status).toBe('delivered');
  });

  test('never expires once shipped, however long a net-30 order stays unpaid', async ({
    as,
    buyer,
    fulfil,
    shop,
    invoiced,
  }) => {
    const id = await invoiced();
    expect((await fulfil(id, SHIP)).statusCode).toBe(200);
    const longAgo = new Date(Date.now() - 90 * 86_400_000).toISOString();
    await shop.database.db.updateTable('orders').set({ created_at: longAgo }).where('id', '=', id).execute();
    const silent = pino({ level: 'silent' });
    await releaseStaleOrders(
      { db: shop.database.db },
      { unverified: 1, verified: 24, aboveCardLimit: 1 },
      silent,
    );
    const order = await readOrder(as(buyer), id);
    expect(order.expiredAt).toBeUndefined();
    expect(order.fulfilment.status).toBe('shipped');
  });

  test('says a paid, shipped order cannot be cancelled because it shipped', async ({
    as,
    shippedOrder,
    admin,
  }) => {
    const id = await shippedOrder();
    const res = await cancelOrder(as(admin), id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(SHIPPED_NOT_CANCELLABLE_MESSAGE);
  });

  test('of a cancel and a shipment racing on a net-30 order, exactly one is made', async ({
    as,
    fulfil,
    shop,
    buyer,
    invoiced,
  }) => {
    for (let round = 0; round < 5; round++) {
      const id = await invoiced();
      const [shipped, cancelled] = await Promise.all([fulfil(id, SHIP), cancelOrder(as(buyer), id)]);
      const outcome = [shipped.statusCode, cancelled.statusCode];
      expect([
        [200, 409],
        [404, 200],
        [409, 200],
      ]).toContainEqual(outcome);
      const left = await shop.database.db
        .selectFrom('orders')
        .select('fulfilment_status')
        .where('id', '=', id)
        .executeTakeFirst();
      if (shipped.statusCode === 200) expect(left?.fulfilment_status).toBe('shipped');
      else expect(left).toBeUndefined();
    }
  });
});

describe('orders waiting to ship', () => {
  test('lists paid and invoiced orders not shipped yet under state=to_ship, in the CSV too', async () => {
    const fresh = await createTestShop({ demo: false });
    try {
      const a = await signUpAdmin(fresh.app, fresh.database.db);
      const b = await signUp(fresh.app);
      const pair = { admin: a, buyer: b };
      const waitingPaid = (await paidOrder(fresh.app, pair)).orderId;
      const waitingInvoiced = await placeOrder(fresh.app, pair);
      await fresh.database.db
        .updateTable('orders')
        .set({ due_date: new Date(Date.now() + 86_400_000).toISOString() })
        .where('id', '=', waitingInvoiced)
        .execute();
      const shipped = (await paidOrder(fresh.app, pair)).orderId;
      const open = await placeOrder(fresh.app, pair);
      const put = (id: string, payload: object) =>
        fresh.app.inject({
          method: 'PUT',
          url: `/api/purchaseById/${id}/fulfilment`,
          headers: bearer(a),
          payload,
        });
      expect((await put(shipped, SHIP)).statusCode).toBe(200);

      const list = await fresh.app.inject({
        method: 'GET',
        url: '/api/purchase?state=to_ship',
        headers: bearer(a),
      });
      expect(list.statusCode).toBe(200);
      expect(new Set((list.json() as Order[]).map((o) => o._id))).toEqual(
        new Set([waitingPaid, waitingInvoiced]),
      );
      expect(list.headers['x-total-count']).toBe('2');

      const csv = await fresh.app.inject({
        method: 'GET',
        url: '/api/purchase.csv?state=to_ship',
        headers: bearer(a),
      });
      expect(csv.body).toContain(waitingPaid);
      expect(csv.body).not.toContain(shipped);
      expect(csv.body).not.toContain(open);
      const all = await fresh.app.inject({ method: 'GET', url: '/api/purchase.csv', headers: bearer(a) });
      const [header = '', ...rows] = all.body.split('\r\n');
      // The fulfilment's columns come last but the line's pieces (the address before them holds commas).
      const last5 = (row: string | undefined) => (row ?? '').split(',').slice(-9, -4);
      expect(last5(header)).toEqual(['fulfilment', 'carrier', 'tracking number', 'shipped', 'delivered']);
      const [status, carrier, tracking, shippedAt, deliveredAt] = last5(
        rows.find((r) => r.startsWith(shipped)),
      );
      expect([status, carrier, tracking, deliveredAt]).toEqual([
        'shipped',
        SHIP.carrier,
        SHIP.trackingNumber,
        '',
      ]);
      expect(shippedAt).toMatch(/^\d{4}-/);
      expect(last5(rows.find((r) => r.startsWith(open)))).toEqual(['unfulfilled', '', '', '', '']);
    } finally {
      await fresh.close();
    }
  });

  test('the overview counts them and says since when the oldest has waited (its payment)', async () => {
    const fresh = await createTestShop({ demo: false });
    try {
      const a = await signUpAdmin(fresh.app, fresh.database.db);
      const b = await signUp(fresh.app);
      const pair = { admin: a, buyer: b };
      const toShip = async () =>
        (
          (
            await fresh.app.inject({ method: 'GET', url: '/api/overview', headers: bearer(a) })
          ).json() as Overview
        ).toShip;
      expect(await toShip()).toEqual({ count: 0 });
      await placeOrder(fresh.app, pair);
      expect(await toShip()).toEqual({ count: 0 });
      const first = (await paidOrder(fresh.app, pair)).orderId;
      const second = (await paidOrder(fresh.app, pair)).orderId;
      const paidLongAgo = '2026-01-05T08:00:00.000Z';
      await fresh.database.db
        .updateTable('orders')
        .set({ paid_at: paidLongAgo })
        .where('id', '=', second)
        .execute();
      expect(await toShip()).toEqual({ count: 2, oldestSince: paidLongAgo });
      const put = (id: string) =>
        fresh.app.inject({
          method: 'PUT',
          url: `/api/purchaseById/${id}/fulfilment`,
          headers: bearer(a),
          payload: SHIP,
        });
      expect((await put(second)).statusCode).toBe(200);
      const left = await toShip();
      expect(left.count).toBe(1);
      const firstPaid = await fresh.database.db
        .selectFrom('orders')
        .select('paid_at')
        .where('id', '=', first)
        .executeTakeFirstOrThrow();
      expect(left.oldestSince).toBe(firstPaid.paid_at);
      expect((await put(first)).statusCode).toBe(200);
      expect(await toShip()).toEqual({ count: 0 });
    } finally {
      await fresh.close();
    }
  });
});
