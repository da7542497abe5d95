import { MAX_ORDER_LINES, OUT_OF_RANGE_MESSAGE } from '@shop/contract/orders';
import pino from 'pino';
import { describe, expect } from 'vitest';
import { signUp, type TestAccount } from '../../test-support/accounts.js';
import { test as shopTest } from '../../test-support/fixture.js';
import { delivery, readOrder } from '../../test-support/orders.js';
import { addedPart, stockOf } from '../../test-support/parts.js';
import { expectStockInvariant, stockHeldByOrders } from '../../test-support/stock.js';
import { releaseIntents, testProvider } from '../payments/index.js';
import { releaseStaleOrders } from './service.js';

/** POST /api/orders (docs/api.md): many lines, priced by price breaks, taken together or not at all. */
const startingStock = new Map<string, number>();
const log = pino({ level: 'silent' });
const HOURS = { unverified: 1, verified: 24, aboveCardLimit: 1 };

type Break = { min_quantity: number; price_per_piece: number };

const lines = (...wanted: [string, unknown][]) => ({
  lines: wanted.map(([partsId, quantity]) => ({ partsId, quantity })),
  ...delivery,
});

const test = shopTest
  .override('buyer', ({ shop }) => signUp(shop.app, { name: 'Rahim Traders' }))
  .extend('other', { scope: 'file' }, ({ shop }) => signUp(shop.app))
  .extend(
    'newPart',
    { scope: 'file' },
    ({ as, admin }) =>
      async (part: { available: number; min?: number; price?: number; breaks?: Break[]; name?: string }) => {
        const id = await addedPart(as(admin), {
          name: `Line part ${Math.random().toString(36).slice(2, 8)}`,
          ...part,
        });
        startingStock.set(id, part.available);
        return id;
      },
  )
  .extend(
    'placeOrder',
    { scope: 'file' },
    ({ as }) =>
      (who: TestAccount | null, body: unknown) =>
        as(who).post('/api/orders', body as object),
  )
  .extend(
    'stocks',
    { scope: 'file' },
    ({ shop }) =>
      (ids: string[]) =>
        Promise.all(ids.map((id) => stockOf(shop.database.db, id))),
  )
  .extend(
    'ordersOf',
    { scope: 'file' },
    ({ shop }) =>
      async (who: TestAccount) =>
        Number(
          (
            await shop.database.db
              .selectFrom('orders')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('user_id', '=', who.uid)
              .executeTakeFirstOrThrow()
          ).n,
        ),
  )
  /** A two-line order with an intent, released 90 minutes on, its intent then reported paid. */
  .extend(
    'expiredAndPaidLate',
    { scope: 'file' },
    ({ shop, as, placeOrder }) =>
      async (who: TestAccount, parts: [string, number][]) => {
        const orderId = (await placeOrder(who, lines(...parts))).json().insertedId as string;
        await as(who).post('/api/create-payment-intent', { _id: orderId });
        await shop.database.db
          .updateTable('orders')
          .set({ created_at: new Date(Date.now() - 90 * 60_000).toISOString() })
          .where('id', '=', orderId)
          .execute();
        const payments = { db: shop.database.db, provider: testProvider(shop.database.db), log };
        await releaseStaleOrders(
          { db: shop.database.db, beforeCancel: (id) => releaseIntents(payments, id) },
          HOURS,
          log,
        );
        const intent = await shop.database.db
          .selectFrom('payment_intents')
          .select('id')
          .where('order_id', '=', orderId)
          .executeTakeFirstOrThrow();
        await shop.database.db
          .updateTable('payment_intents')
          .set({ status: 'succeeded' })
          .where('id', '=', intent.id)
          .execute();
        const put = () => as(who).put(`/api/purchaseById/${orderId}`, { paymentId: intent.id });
        return { orderId, put };
      },
  );

/** No test takes or gives back a piece more than its orders say. */
test.afterAll(async ({ shop }) => {
  await expectStockInvariant(shop.database.db, startingStock);
});

describe('POST /api/orders', () => {
  test('prices each line by the break its quantity reaches; the order costs the sum of its lines', async ({
    as,
    admin,
    buyer,
    newPart,
    placeOrder,
    stocks,
  }) => {
    const tiered = await newPart({
      available: 1000,
      min: 10,
      price: 10,
      breaks: [
        { min_quantity: 100, price_per_piece: 9 },
        { min_quantity: 500, price_per_piece: 8 },
      ],
    });
    const belowBreak = await newPart({
      available: 100,
      price: 5,
      breaks: [{ min_quantity: 50, price_per_piece: 4 }],
    });
    const editedLater = await newPart({ available: 50, price: 20 });
    const edit = await as(admin).put(`/api/partsById?id=${editedLater}`, {
      name: 'Edited part',
      desc: 'Now with a break',
      img: 'https://example.com/p.webp',
      min_order_quantity: 1,
      available_quantity: 50,
      price_per_piece: 20,
      price_breaks: [{ min_quantity: 10, price_per_piece: 18 }],
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const res = await placeOrder(buyer, {
      ...lines([tiered, 600], [belowBreak, 49], [editedLater, 10]),
      poNumber: 'PO-2025-0042',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().insertedId as string;
    const expected = {
      _id: id,
      number: expect.stringMatching(/^SO-\d{6}$/),
      userName: 'Rahim Traders',
      email: buyer.email,
      partsId: tiered,
      partsName: expect.stringMatching(/^Line part /),
      quantity: 600,
      price: 600 * 8 + 49 * 5 + 10 * 18,
      lines: [
        {
          partsId: tiered,
          partsName: expect.stringMatching(/^Line part /),
          quantity: 600,
          unitPrice: 8,
          price: 4800,
          allocated: 600,
          backordered: 0,
          shipped: 0,
          dropped: 0,
        },
        {
          partsId: belowBreak,
          partsName: expect.stringMatching(/^Line part /),
          quantity: 49,
          unitPrice: 5,
          price: 245,
          allocated: 49,
          backordered: 0,
          shipped: 0,
          dropped: 0,
        },
        {
          partsId: editedLater,
          partsName: 'Edited part',
          quantity: 10,
          unitPrice: 18,
          price: 180,
          allocated: 10,
          backordered: 0,
          shipped: 0,
          dropped: 0,
        },
      ],
      poNumber: 'PO-2025-0042',
      ...delivery,
      createdAt: expect.stringMatching(/^\d{4}-/),
      fulfilment: { status: 'unfulfilled', shipments: [] },
      shipComplete: false,
    };
    expect(await readOrder(as(buyer), id)).toEqual(expected);
    expect(await stocks([tiered, belowBreak, editedLater])).toEqual([400, 51, 40]);

    // The lists answer the same order, lines and PO number included.
    const mine = await as(buyer).get(`/api/purchaseByEmail?email=${encodeURIComponent(buyer.email)}`);
    expect(mine.json().find((o: { _id: string }) => o._id === id)).toEqual(expected);
    const all = await as(admin).get('/api/purchase?limit=100');
    expect(all.json().find((o: { _id: string }) => o._id === id)).toEqual(expected);

    // A quantity exactly at a break pays it; one piece below does not.
    const atBreak = await placeOrder(buyer, lines([tiered, 100], [belowBreak, 50]));
    expect((await readOrder(as(buyer), atBreak.json().insertedId)).lines).toMatchObject([
      { quantity: 100, unitPrice: 9, price: 900 },
      { quantity: 50, unitPrice: 4, price: 200 },
    ]);
    const belowIt = await placeOrder(buyer, lines([tiered, 99]));
    expect(await readOrder(as(buyer), belowIt.json().insertedId)).toMatchObject({
      price: 990,
      lines: [{ quantity: 99, unitPrice: 10, price: 990 }],
    });
    expect((await readOrder(as(buyer), belowIt.json().insertedId)).poNumber).toBeUndefined();
  });

  test('takes nothing when one line is out of range: 422 naming every refused line, from 0', async ({
    other,
    newPart,
    placeOrder,
    stocks,
    ordersOf,
  }) => {
    const [a, b, c, d] = await Promise.all([
      newPart({ available: 100, min: 1 }),
      newPart({ available: 100, min: 10 }),
      newPart({ available: 100, min: 1 }),
      newPart({ available: 30, min: 1 }),
    ]);
    const before = await ordersOf(other);
    const res = await placeOrder(other, lines([a, 5], [b, 9], [c, 5], [d as string, 31]));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: {
        code: 'quantity_out_of_range',
        message: OUT_OF_RANGE_MESSAGE,
        details: [
          { line: 1, partsId: b },
          { line: 3, partsId: d },
        ],
      },
    });
    expect(await stocks([a, b, c, d] as string[])).toEqual([100, 100, 100, 30]);
    expect(await ordersOf(other)).toBe(before);
  });

  test('answers 404 naming the lines whose part is unknown or deleted (before any out of range), taking nothing', async ({
    as,
    admin,
    other,
    newPart,
    placeOrder,
    stocks,
    ordersOf,
  }) => {
    const [kept, gone, short] = await Promise.all([
      newPart({ available: 100 }),
      newPart({ available: 100 }),
      newPart({ available: 5 }),
    ]);
    await as(admin).delete(`/api/partsById?id=${gone}`);
    const unknown = crypto.randomUUID();
    const before = await ordersOf(other);
    const res = await placeOrder(other, lines([kept, 5], [unknown, 5], [short, 6], [gone, 5]));
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({
      code: 'not_found',
      message: 'No such part',
      details: [
        { line: 1, partsId: unknown },
        { line: 3, partsId: gone },
      ],
    });
    expect(await stocks([kept, gone, short])).toEqual([100, 100, 5]);
    expect(await ordersOf(other)).toBe(before);
  });

  describe('refuses bad input with a 400 naming the field, taking nothing', async () => {
    let part: string;
    let second: string;
    test.beforeAll(async ({ newPart }) => {
      part = await newPart({ available: 100 });
      second = await newPart({ available: 100 });
    });
    const line = (quantity: unknown) => () => ({ ...lines([part, quantity]) });
    test.for([
      ['no lines', 'lines', () => ({ lines: [], ...delivery })],
      [
        `${MAX_ORDER_LINES + 1} lines`,
        'lines',
        () => ({
          lines: Array.from({ length: MAX_ORDER_LINES + 1 }, () => ({
            partsId: crypto.randomUUID(),
            quantity: 1,
          })),
          ...delivery,
        }),
      ],
      ['the same part twice', 'lines.2.partsId', () => lines([part, 1], [second, 1], [part, 2])],
      ['quantity 0', 'lines.0.quantity', line(0)],
      ['quantity -1', 'lines.0.quantity', line(-1)],
      ['quantity 1.5', 'lines.0.quantity', line(1.5)],
      ['quantity 1e21', 'lines.0.quantity', line(1e21)],
      ['quantity "abc"', 'lines.0.quantity', line('abc')],
      ['quantity null', 'lines.0.quantity', line(null)],
      ['quantity "1.5"', 'lines.0.quantity', line('1.5')],
      ['no quantity', 'lines.0.quantity', line(undefined)],
      ['a bad part id', 'lines.0.partsId', () => lines(['nope', 1])],
      ['a poNumber of 51 characters', 'poNumber', () => ({ ...lines([part, 1]), poNumber: 'P'.repeat(51) })],
      ['an empty poNumber', 'poNumber', () => ({ ...lines([part, 1]), poNumber: '' })],
      ['lines as a string', 'lines', () => ({ lines: 'x', ...delivery })],
      ['lines as an object', 'lines', () => ({ lines: { partsId: part, quantity: 1 }, ...delivery })],
      ['no lines at all', 'lines', () => delivery],
      ['no mobile', 'mobile', () => ({ lines: [{ partsId: part, quantity: 1 }], address: 'Dhaka' })],
      ['no address', 'address', () => ({ lines: [{ partsId: part, quantity: 1 }], mobile: delivery.mobile })],
    ] as const)('%s', async ([_label, field, body], { buyer, placeOrder, stocks }) => {
      const res = await placeOrder(buyer, body());
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('validation');
      expect(res.json().error.message.startsWith(`${field} `), res.json().error.message).toBe(true);
      expect(await stocks([part, second])).toEqual([100, 100]);
    });
  });

  test('reads "10" as 10, and ignores fields it does not know (prices come from the catalog)', async ({
    shop,
    as,
    buyer,
    other,
    newPart,
    placeOrder,
  }) => {
    const part = await newPart({ available: 100, price: 6 });
    const res = await placeOrder(buyer, {
      lines: [{ partsId: part, quantity: '10', unitPrice: 1, price: 1 }],
      ...delivery,
      price: 1,
      email: other.email,
      discount: 99,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await readOrder(as(buyer), res.json().insertedId)).toMatchObject({
      email: buyer.email,
      price: 60,
      lines: [{ partsId: part, quantity: 10, unitPrice: 6, price: 60 }],
    });
    expect(await stockOf(shop.database.db, part)).toBe(90);
  });

  test('is for signed-in buyers: 401 for a visitor, 403 for an admin', async ({
    shop,
    admin,
    newPart,
    placeOrder,
  }) => {
    const part = await newPart({ available: 100 });
    expect((await placeOrder(null, lines([part, 5]))).statusCode).toBe(401);
    expect((await placeOrder(admin, lines([part, 5]))).statusCode).toBe(403);
    expect(await stockOf(shop.database.db, part)).toBe(100);
  });
});

describe('an order of many lines, after it is placed', () => {
  test('gives back every line’s pieces when cancelled, and keeps its lines', async ({
    as,
    buyer,
    newPart,
    placeOrder,
    stocks,
  }) => {
    const parts = await Promise.all([
      newPart({ available: 100 }),
      newPart({ available: 100 }),
      newPart({ available: 100 }),
    ]);
    const id = (
      await placeOrder(
        buyer,
        lines([parts[0] as string, 10], [parts[1] as string, 20], [parts[2] as string, 30]),
      )
    ).json().insertedId;
    expect(await stocks(parts)).toEqual([90, 80, 70]);
    const res = await as(buyer).delete(`/api/purchaseById/${id}`);
    expect(res.statusCode).toBe(200);
    expect(await stocks(parts)).toEqual([100, 100, 100]);
    // The order stays, cancelled, with every line as it was ordered.
    const cancelled = await as(buyer).get(`/api/purchaseById/${id}`);
    expect(cancelled.json().status).toBe('cancelled');
    expect(cancelled.json().lines.map((line: { quantity: number }) => line.quantity)).toEqual([10, 20, 30]);
  });

  test('gives back every line’s pieces when it expires unpaid', async ({
    as,
    shop,
    buyer,
    newPart,
    placeOrder,
    stocks,
  }) => {
    const parts = await Promise.all([newPart({ available: 100 }), newPart({ available: 100 })]);
    const id = (await placeOrder(buyer, lines([parts[0] as string, 15], [parts[1] as string, 25]))).json()
      .insertedId;
    await shop.database.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 90 * 60_000).toISOString() })
      .where('id', '=', id)
      .execute();
    expect(await stocks(parts)).toEqual([85, 75]);
    expect(await releaseStaleOrders({ db: shop.database.db }, HOURS, log)).toBeGreaterThanOrEqual(1);
    expect(await stocks(parts)).toEqual([100, 100]);
    const expired = await readOrder(as(buyer), id);
    expect(expired.expiredAt).toBeDefined();
    expect(expired.lines).toHaveLength(2);
  });

  describe('paid after it expired', () => {
    test('takes every line’s pieces again when all are still in stock', async ({
      as,
      shop,
      newPart,
      stocks,
      expiredAndPaidLate,
    }) => {
      const late = await signUp(shop.app);
      const parts = await Promise.all([newPart({ available: 50 }), newPart({ available: 50 })]);
      const { orderId, put } = await expiredAndPaidLate(late, [
        [parts[0] as string, 10],
        [parts[1] as string, 20],
      ]);
      expect(await stocks(parts)).toEqual([50, 50]);
      const res = await put();
      expect(res.statusCode, res.body).toBe(200);
      expect(await stocks(parts)).toEqual([40, 30]);
      const paid = await readOrder(as(late), orderId);
      expect(paid.expiredAt).toBeUndefined();
      expect(paid.invoiceNumber).toMatch(/^INV-/);
    });

    test('takes none of them when one line’s pieces are gone meanwhile', async ({
      as,
      shop,
      other,
      newPart,
      placeOrder,
      stocks,
      expiredAndPaidLate,
    }) => {
      const late = await signUp(shop.app);
      const parts = await Promise.all([
        newPart({ available: 50 }),
        newPart({ available: 50 }),
        newPart({ available: 50 }),
      ]);
      const { orderId, put } = await expiredAndPaidLate(late, [
        [parts[0] as string, 10],
        [parts[1] as string, 20],
        [parts[2] as string, 30],
      ]);
      // Someone else buys the middle part's pieces, all but 19 of them.
      expect((await placeOrder(other, lines([parts[1] as string, 31]))).statusCode).toBe(201);
      const res = await put();
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('order_expired');
      expect(await stocks(parts)).toEqual([50, 19, 50]);
      const still = await readOrder(as(late), orderId);
      expect(still.expiredAt).toBeDefined();
      expect(still.paymentId).toBeUndefined();
    });
  });
});

describe('50 buyers ordering the same parts at once', () => {
  test('never oversells: each order has all its lines or does not exist, and none answers 5xx', async ({
    shop,
    as,
    newPart,
    placeOrder,
    stocks,
  }) => {
    const STOCK = [120, 90, 150, 60];
    const parts = await Promise.all(STOCK.map((available) => newPart({ available, min: 2 })));
    // Signed up a few at a time: the shop turns away more sign-ins at once from one address.
    const buyers: TestAccount[] = [];
    while (buyers.length < 50)
      buyers.push(...(await Promise.all(Array.from({ length: 5 }, () => signUp(shop.app)))));
    // Each buyer orders three of the four parts, in an order of its own, 2 to 6 pieces a line.
    const wanted = buyers.map((_, i) => {
      const three = parts.filter((__, p) => p !== i % 4);
      const turned = [...three.slice(i % 3), ...three.slice(0, i % 3)];
      return (i % 2 ? turned.reverse() : turned).map((id, n) => [id, 2 + ((i + n) % 5)] as [string, number]);
    });
    const answers = await Promise.all(buyers.map((who, i) => placeOrder(who, lines(...(wanted[i] ?? [])))));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status !== 201 && status !== 422)).toEqual([]);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 422).length).toBeGreaterThan(0);
    for (const answer of answers.filter((a) => a.statusCode === 422)) {
      expect(answer.json().error.details.length).toBeGreaterThan(0);
    }

    // Every placed order holds its three lines as asked; every refused one left nothing.
    const placed = answers.flatMap((answer, i) => (answer.statusCode === 201 ? [i] : []));
    for (const [i, who] of buyers.entries()) {
      const rows = await shop.database.db
        .selectFrom('orders')
        .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
        .select(['order_lines.part_id as part', 'order_lines.quantity as quantity'])
        .where('orders.user_id', '=', who.uid)
        .orderBy('order_lines.line_no')
        .execute();
      expect(rows.map((row) => [row.part, Number(row.quantity)])).toEqual(
        placed.includes(i) ? wanted[i] : [],
      );
    }
    // Pieces ordered plus pieces left make each part's stock, and no stock is below 0.
    const left = await stocks(parts);
    for (const [p, part] of parts.entries()) {
      const ordered = placed.reduce((sum, i) => sum + (wanted[i]?.find(([id]) => id === part)?.[1] ?? 0), 0);
      expect(left[p]).toBeGreaterThanOrEqual(0);
      expect((left[p] ?? 0) + ordered).toBe(STOCK[p]);
    }

    // Then the placed orders are cancelled while the refused buyers order again, on the same parts:
    // pieces going back and pieces taken cross without a deadlock or a lost piece.
    const refused = buyers.flatMap((_, i) => (placed.includes(i) ? [] : [i]));
    const wave = await Promise.all([
      ...placed.map((i) =>
        as(buyers[i] as TestAccount).delete(`/api/purchaseById/${answers[i]?.json().insertedId}`),
      ),
      ...refused.map((i) => placeOrder(buyers[i] as TestAccount, lines(...(wanted[i] ?? [])))),
    ]);
    const cancels = wave.slice(0, placed.length).map((answer) => answer.statusCode);
    const again = wave.slice(placed.length).map((answer) => answer.statusCode);
    expect(cancels).toEqual(placed.map(() => 200));
    expect(again.filter((status) => status !== 201 && status !== 422)).toEqual([]);
    const held = await stockHeldByOrders(shop.database.db);
    for (const [p, part] of parts.entries()) {
      const now = held.get(part);
      expect(now?.available).toBeGreaterThanOrEqual(0);
      expect((now?.available ?? 0) + (now?.ordered ?? 0)).toBe(STOCK[p]);
    }
  }, 60_000);
});
