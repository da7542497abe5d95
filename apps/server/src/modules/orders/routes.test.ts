import { ORDER_CANCELLED_MESSAGE, OUT_OF_RANGE_MESSAGE } from '@shop/contract/orders';
import { describe, expect } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { test as shopTest } from '../../test-support/fixture.js';
import { cancelOrder, purchase } from '../../test-support/orders.js';
import { addedPart, stockOf } from '../../test-support/parts.js';
import { expectStockInvariant } from '../../test-support/stock.js';

const startingStock = new Map<string, number>();

const test = shopTest
  .override('buyer', ({ shop }) => signUp(shop.app, { name: 'Rahim Traders' }))
  .extend('other', { scope: 'file' }, ({ shop }) => signUp(shop.app))
  .extend(
    'newPart',
    { scope: 'file' },
    ({ as, admin }) =>
      async (stock: { available: number; min: number; price?: number }): Promise<string> => {
        const id = await addedPart(as(admin), stock);
        startingStock.set(id, stock.available);
        return id;
      },
  );

/** No test takes or gives back a piece more than its orders say. */
test.afterAll(async ({ shop }) => {
  await expectStockInvariant(shop.database.db, startingStock);
});

describe('POST /api/purchase', () => {
  test('prices the order from the database, takes the buyer from the token and reserves the pieces', async ({
    shop,
    as,
    buyer,
    other,
    newPart,
  }) => {
    const part = await newPart({ available: 100, min: 10, price: 13 });
    const res = await purchase(as(buyer), part, '20', {
      price: 1,
      partsName: 'Cheap',
      email: other.email,
      userName: 'Someone',
      paymentId: 'pi_x',
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().insertedId;
    const placed = await as(buyer).get(`/api/purchaseById/${id}`);
    expect(placed.json()).toEqual({
      _id: id,
      number: expect.stringMatching(/^SO-\d{6}$/),
      userName: 'Rahim Traders',
      email: buyer.email,
      partsId: part,
      partsName: expect.stringMatching(/^Test part /),
      price: 260,
      quantity: 20,
      lines: [
        {
          partsId: part,
          partsName: expect.stringMatching(/^Test part /),
          quantity: 20,
          unitPrice: 13,
          price: 260,
          allocated: 20,
          backordered: 0,
          shipped: 0,
          dropped: 0,
        },
      ],
      mobile: '+880 1712 345678',
      address: 'House 12, Road 5, Dhanmondi, Dhaka',
      createdAt: expect.stringMatching(/^\d{4}-/),
      fulfilment: { status: 'unfulfilled', shipments: [] },
      shipComplete: false,
    });
    expect(await stockOf(shop.database.db, part)).toBe(80);
  });

  test.for([
    ['below the minimum', 9],
    ['above what is available', 101],
  ] as const)(
    'refuses a quantity %s with 422 and the message of docs/product.md, taking nothing',
    async ([_label, quantity], { shop, as, buyer, newPart }) => {
      const part = await newPart({ available: 100, min: 10 });
      const res = await purchase(as(buyer), part, quantity);
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toEqual({
        code: 'quantity_out_of_range',
        message: OUT_OF_RANGE_MESSAGE,
        details: [{ line: 0, partsId: part }],
      });
      expect(await stockOf(shop.database.db, part)).toBe(100);
    },
  );

  test('takes exactly the minimum and exactly all that is available', async ({
    shop,
    as,
    buyer,
    newPart,
  }) => {
    const part = await newPart({ available: 30, min: 10 });
    expect((await purchase(as(buyer), part, 10)).statusCode).toBe(201);
    expect((await purchase(as(buyer), part, 20)).statusCode).toBe(201);
    expect(await stockOf(shop.database.db, part)).toBe(0);
    expect((await purchase(as(buyer), part, 10)).statusCode).toBe(422);
  });

  test.for([
    ['quantity', { quantity: 1.5 }],
    ['quantity', { quantity: 'ten' }],
    ['quantity', { quantity: null }],
    ['quantity', { quantity: -5 }],
    ['mobile', { mobile: undefined }],
    ['mobile', { mobile: 'call me' }],
    ['address', { address: '' }],
    ['address', { address: 'x'.repeat(501) }],
    ['partsId', { partsId: 'nope' }],
  ] as const)('refuses a bad %s with 400: %j', async ([field, change], { shop, as, buyer, newPart }) => {
    const part = await newPart({ available: 100, min: 1 });
    const res = await purchase(as(buyer), part, 5, change);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message.startsWith(field)).toBe(true);
    expect(await stockOf(shop.database.db, part)).toBe(100);
  });

  test('answers 404 for an unknown or deleted part', async ({ as, admin, buyer, newPart }) => {
    expect((await purchase(as(buyer), crypto.randomUUID(), 5)).statusCode).toBe(404);
    const part = await newPart({ available: 100, min: 1 });
    await as(admin).delete(`/api/partsById?id=${part}`);
    expect((await purchase(as(buyer), part, 5)).statusCode).toBe(404);
  });

  test('writes no order when it takes no pieces: a missing, deleted or out-of-range part alike', async ({
    shop,
    as,
    admin,
    buyer,
    newPart,
  }) => {
    const ordersOf = async (partId: string) =>
      (await shop.database.db.selectFrom('orders').select('id').where('part_id', '=', partId).execute())
        .length;
    const part = await newPart({ available: 8, min: 3 });
    const gone = await newPart({ available: 100, min: 1 });
    await as(admin).delete(`/api/partsById?id=${gone}`);
    const missing = await purchase(as(buyer), crypto.randomUUID(), 5);
    const deleted = await purchase(as(buyer), gone, 5);
    expect([missing.statusCode, deleted.statusCode]).toEqual([404, 404]);
    expect(deleted.json().error.message).toEqual(missing.json().error.message);
    expect(deleted.json().error.details).toEqual([{ line: 0, partsId: gone }]);
    for (const quantity of [2, 9]) {
      const res = await purchase(as(buyer), part, quantity);
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatchObject({
        code: 'quantity_out_of_range',
        message: OUT_OF_RANGE_MESSAGE,
      });
    }
    expect([await ordersOf(part), await ordersOf(gone), await stockOf(shop.database.db, part)]).toEqual([
      0, 0, 8,
    ]);
    // The part's name and price at the time go into the order, read by the statement that took the pieces.
    const placed = await purchase(as(buyer), part, 3);
    expect(placed.statusCode).toBe(201);
    const row = await shop.database.db
      .selectFrom('orders')
      .select(['part_name', 'unit_price', 'price', 'quantity'])
      .where('id', '=', placed.json().insertedId)
      .executeTakeFirstOrThrow();
    expect({ ...row, unit_price: Number(row.unit_price), price: Number(row.price) }).toEqual({
      part_name: expect.stringMatching(/^Test part /),
      unit_price: 7,
      price: 21,
      quantity: 3,
    });
  });

  test('answers each of purchases placed together by its own rules (they may share a commit)', async ({
    shop,
    as,
    buyer,
    other,
    newPart,
  }) => {
    const part = await newPart({ available: 10, min: 2 });
    const results = await Promise.all([
      purchase(as(buyer), part, 4),
      purchase(as(other), part, 1),
      purchase(as(buyer), crypto.randomUUID(), 4),
      purchase(as(other), part, 6),
      purchase(as(buyer), part, 1),
    ]);
    expect(results.map((res) => res.statusCode)).toEqual([201, 422, 404, 201, 422]);
    expect(await stockOf(shop.database.db, part)).toBe(0);
    const placed = await shop.database.db
      .selectFrom('orders')
      .select(['email', 'quantity'])
      .where('part_id', '=', part)
      .orderBy('quantity')
      .execute();
    expect(placed.map((row) => [row.email, Number(row.quantity)])).toEqual([
      [buyer.email, 4],
      [other.email, 6],
    ]);
  });

  test('is for signed-in buyers: 401 for a visitor, 403 for an admin', async ({ as, admin, newPart }) => {
    const part = await newPart({ available: 100, min: 1 });
    expect((await purchase(as(null), part, 5)).statusCode).toBe(401);
    expect((await purchase(as(admin), part, 5)).statusCode).toBe(403);
  });

  test('never oversells: 40 buyers racing for 50 pieces get 50 between them', async ({
    shop,
    as,
    buyer,
    newPart,
  }) => {
    const part = await newPart({ available: 50, min: 1 });
    const buyers = await Promise.all(Array.from({ length: 8 }, () => signUp(shop.app)));
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => purchase(as(buyers[i % buyers.length] ?? buyer), part, 2)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(25);
    expect(statuses.filter((s) => s === 422)).toHaveLength(15);
    expect(await stockOf(shop.database.db, part)).toBe(0);
  });

  test('takes a burst of 200 orders, every piece accounted for', async ({
    shop,
    as,
    buyer,
    other,
    newPart,
  }) => {
    const part = await newPart({ available: 10_000, min: 1 });
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => purchase(as(i % 2 ? buyer : other), part, 3)),
    );
    // Each waits its turn at the part's row; on a machine too busy to serve one within the pool's
    // 5 s wait, the rest are told to come back (503 with retry-after) and took nothing.
    const taken = answers.filter((a) => a.statusCode === 201).length;
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.headers['retry-after']).toBeDefined();
    }
    expect(taken).toBeGreaterThanOrEqual(100);
    expect(await stockOf(shop.database.db, part)).toBe(10_000 - 3 * taken);
  });
});

describe('cancelling an order', () => {
  test('returns its pieces once: the second cancel is a 409, the order cancelled already', async ({
    shop,
    as,
    buyer,
    newPart,
  }) => {
    const part = await newPart({ available: 100, min: 5 });
    const id = (await purchase(as(buyer), part, 40)).json().insertedId;
    expect(await stockOf(shop.database.db, part)).toBe(60);
    const first = await cancelOrder(as(buyer), id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ acknowledged: true });
    expect(await stockOf(shop.database.db, part)).toBe(100);
    const again = await cancelOrder(as(buyer), id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'conflict', message: ORDER_CANCELLED_MESSAGE });
    expect(await stockOf(shop.database.db, part)).toBe(100);
  });

  test('returns them once even when ten cancels race', async ({ shop, as, buyer, newPart }) => {
    const part = await newPart({ available: 100, min: 5 });
    const id = (await purchase(as(buyer), part, 40)).json().insertedId;
    const answers = await Promise.all(Array.from({ length: 10 }, () => cancelOrder(as(buyer), id)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(9);
    expect(await stockOf(shop.database.db, part)).toBe(100);
  });

  test('is for the buyer or an admin, and never for a paid order', async ({
    shop,
    as,
    admin,
    buyer,
    other,
    newPart,
  }) => {
    const part = await newPart({ available: 100, min: 5 });
    const id = (await purchase(as(buyer), part, 10)).json().insertedId;
    expect((await cancelOrder(as(other), id)).statusCode).toBe(403);
    expect((await cancelOrder(as(admin), id)).statusCode).toBe(200);
    const paid = (await purchase(as(buyer), part, 10)).json().insertedId;
    await shop.database.db
      .updateTable('orders')
      .set({ payment_id: `pi_paid_${paid}`, paid_at: new Date().toISOString() })
      .where('id', '=', paid)
      .execute();
    const refused = await cancelOrder(as(buyer), paid);
    expect(refused.statusCode).toBe(409);
    expect((await cancelOrder(as(admin), paid)).statusCode).toBe(409);
    expect(await stockOf(shop.database.db, part)).toBe(90);
    expect((await as(null).delete(`/api/purchaseById/${paid}`)).statusCode).toBe(401);
  });
});

describe('reading orders', () => {
  test('shows buyers their own orders, newest first, and admins everyone’s', async ({
    as,
    admin,
    buyer,
    other,
    newPart,
  }) => {
    const part = await newPart({ available: 1000, min: 1 });
    const mine = (await purchase(as(other), part, 1)).json().insertedId;
    const newer = (await purchase(as(other), part, 2)).json().insertedId;
    const list = await as(other).get(
      `/api/purchaseByEmail?email=${encodeURIComponent(other.email.toUpperCase())}`,
    );
    expect(list.statusCode).toBe(200);
    const ids = list.json().map((o: { _id: string }) => o._id);
    expect(ids.slice(0, 2)).toEqual([newer, mine]);
    expect(list.json().every((o: { email: string }) => o.email === other.email)).toBe(true);
    expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(list.json().length);

    const theirs = `/api/purchaseByEmail?email=${encodeURIComponent(other.email)}`;
    expect((await as(buyer).get(theirs)).statusCode).toBe(403);
    expect((await as(admin).get(theirs)).statusCode).toBe(200);
    expect((await as(null).get(theirs)).statusCode).toBe(401);

    const one = `/api/purchaseById/${mine}`;
    expect((await as(buyer).get(one)).statusCode).toBe(403);
    expect((await as(admin).get(one)).statusCode).toBe(200);
    const unknown = `/api/purchaseById/${crypto.randomUUID()}`;
    expect((await as(other).get(unknown)).statusCode).toBe(404);
    expect((await as(other).get('/api/purchaseById/x')).statusCode).toBe(400);

    const all = await as(admin).get('/api/purchase?limit=100');
    expect(all.statusCode).toBe(200);
    expect(all.json().map((o: { _id: string }) => o._id)).toContain(mine);
    expect((await as(buyer).get('/api/purchase')).statusCode).toBe(403);
  });
});
