import { describe, expect } from 'vitest';
import { signUp, type TestAccount } from '../../test-support/accounts.js';
import { test as shopTest } from '../../test-support/fixture.js';
import { recountOrderTotals } from '../../test-support/order-totals.js';
import { insertPart } from '../../test-support/parts.js';

// The shop's default: five unpaid orders per buyer.
shopTest.override('shopOptions', { demo: false, env: { UNPAID_ORDERS_PER_BUYER: '5' } });

/** The file's part, bought two at a time; its stock as a visitor reads it. */
const test = shopTest
  .extend('partsId', { scope: 'file' }, ({ shop }) =>
    insertPart(shop.database.db, {
      name: 'Capped part',
      desc: 'D',
      price_per_piece: 3,
      available_quantity: 10_000,
      min_order_quantity: 1,
    }),
  )
  .extend(
    'buy',
    { scope: 'file' },
    ({ as, partsId }) =>
      (buyer: TestAccount) =>
        as(buyer).post('/api/purchase', {
          partsId,
          quantity: 2,
          mobile: '+880 1712 345678',
          address: 'Dhaka',
        }),
  )
  .extend(
    'stock',
    { scope: 'file' },
    ({ as, partsId }) =>
      async () =>
        (await as(null).get(`/api/partsById?id=${partsId}`)).json().available_quantity,
  );

describe('UNPAID_ORDERS_PER_BUYER', () => {
  test('lets a buyer hold 5 unpaid orders out of 50 placed at once; the rest get 409 with a clear message', async ({
    shop,
    buy,
    stock,
  }) => {
    const before = await stock();
    const buyer = await signUp(shop.app);
    const answers = await Promise.all(Array.from({ length: 50 }, () => buy(buyer)));
    const placed = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const answer of refused) {
      expect(answer.json()).toEqual({
        error: {
          code: 'too_many_unpaid_orders',
          message: 'You have 5 unpaid orders. Pay or cancel one before placing another.',
        },
      });
    }
    // Only the placed orders took pieces.
    expect(await stock()).toBe(before - 5 * 2);
    const held = await shop.database.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', buyer.uid)
      .execute();
    expect(held).toHaveLength(5);
  });

  test('counts per buyer: another buyer still orders; a cancelled, paid or expired order frees a place', async ({
    shop,
    as,
    buy,
  }) => {
    const buyer = await signUp(shop.app);
    const other = await signUp(shop.app);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await buy(buyer)).json().insertedId);
    expect((await buy(buyer)).statusCode).toBe(409);
    expect((await buy(other)).statusCode).toBe(201);

    const cancel = await as(buyer).delete(`/api/purchaseById/${ids[0]}`);
    expect(cancel.statusCode).toBe(200);
    expect((await buy(buyer)).statusCode).toBe(201);
    expect((await buy(buyer)).statusCode).toBe(409);

    await shop.database.db
      .updateTable('orders')
      .set({ paid_at: new Date().toISOString(), payment_id: 'pi_test_cap' })
      .where('id', '=', ids[1] as string)
      .execute();
    // Written behind the shop's back: its running totals are counted again.
    await recountOrderTotals(shop.database.db);
    expect((await buy(buyer)).statusCode).toBe(201);

    await shop.database.db
      .updateTable('orders')
      .set({ expired_at: new Date().toISOString() })
      .where('id', '=', ids[2] as string)
      .execute();
    await recountOrderTotals(shop.database.db);
    expect((await buy(buyer)).statusCode).toBe(201);
    expect((await buy(buyer)).statusCode).toBe(409);
  });

  test('tells a buyer past the cap (orders of accepted quotes are not refused by it) how many they hold', async ({
    shop,
    buy,
  }) => {
    const buyer = await signUp(shop.app);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await buy(buyer)).json().insertedId);
    // Two more, as accepting two quotes would place them past the cap.
    const [first] = await shop.database.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', ids[0] as string)
      .execute();
    const lines = await shop.database.db
      .selectFrom('order_lines')
      .selectAll()
      .where('order_id', '=', ids[0] as string)
      .execute();
    for (const [at, id] of [
      '01a2d000-0000-7000-8000-00000000c0a1',
      '01a2d000-0000-7000-8000-00000000c0a2',
    ].entries()) {
      await shop.database.db
        .insertInto('orders')
        .values({ ...first, id, number: 1_000_000 + at } as never)
        .execute();
      await shop.database.db
        .insertInto('order_lines')
        .values(lines.map((line) => ({ ...line, order_id: id })))
        .execute();
    }
    await recountOrderTotals(shop.database.db);
    const refused = await buy(buyer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'You have 7 unpaid orders. Pay or cancel one before placing another.',
    );
  });

  test("is described in the API documentation, with the expired orders and reviews' mark", async ({ as }) => {
    const doc = (await as(null).get('/api/docs/json')).json();
    const purchase = doc.paths['/api/purchase'].post;
    expect(purchase.summary).toMatch(/too_many_unpaid_orders/);
    expect(Object.keys(purchase.responses)).toContain('409');
    const text = JSON.stringify(doc);
    expect(text).toContain('expiredAt');
    expect(text).toContain('verifiedBuyer');
    expect(Object.keys(doc.paths['/api/review'].post.responses)).toContain('429');
  });
});
