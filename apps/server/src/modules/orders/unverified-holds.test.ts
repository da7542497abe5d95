import { describe, expect } from 'vitest';
import { signUp, signUpVerified, type TestAccount } from '../../test-support/accounts.js';
import { type Caller, test as shopTest } from '../../test-support/fixture.js';
import { insertPart } from '../../test-support/parts.js';
import type { TestShop } from '../../test-support/test-app.js';

/**
 * An account nobody verified cannot reserve the catalog: its unpaid orders together hold at most
 * UNPAID_ORDER_VALUE_UNVERIFIED dollars (the card limit's worth, 9,999.99, by default).
 */
shopTest.override('shopOptions', { demo: false, env: { UNPAID_ORDERS_PER_BUYER: '50' } });
const test = shopTest.extend('partsId', { scope: 'file' }, ({ shop }) =>
  insertPart(shop.database.db, {
    name: 'Held part',
    desc: 'D',
    price_per_piece: 1_000,
    available_quantity: 1_000_000,
    min_order_quantity: 1,
  }),
);

const order = (buyer: Caller, partsId: string, quantity: number) =>
  buyer.post('/api/orders', { lines: [{ partsId, quantity }], mobile: '+880 1712 345678', address: 'Dhaka' });
const held = async (shop: TestShop, buyer: TestAccount) =>
  (
    await shop.database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('price'), eb.lit(0)).as('total'))
      .where('user_id', '=', buyer.uid)
      .where('paid_at', 'is', null)
      .executeTakeFirstOrThrow()
  ).total;

describe('the unpaid orders of an account nobody verified', () => {
  test('hold at most $9,999 together; one more is refused with a clear message', async ({
    shop,
    as,
    partsId,
  }) => {
    const stranger = await signUp(shop.app);
    expect((await order(as(stranger), partsId, 9)).statusCode).toBe(201);
    const refused = await order(as(stranger), partsId, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'too_many_unpaid_orders',
      message:
        'Unpaid orders of an account whose email is not verified may hold at most $9,999 together. Verify your email, or pay or cancel an order first.',
    });
    // A whole catalog in one order is refused the same.
    const whole = await order(as(await signUp(shop.app)), partsId, 1_000);
    expect(whole.statusCode).toBe(409);
  });

  test('holds under 50 orders placed at once', async ({ shop, as, partsId }) => {
    const stranger = await signUp(shop.app);
    const answers = await Promise.all(Array.from({ length: 50 }, () => order(as(stranger), partsId, 1)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(9);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(41);
    expect(Number(await held(shop, stranger))).toBe(9_000);
  });

  test('a verified buyer is not held to it', async ({ shop, as, partsId }) => {
    const buyer = await signUpVerified(shop.app, shop.database.db);
    expect((await order(as(buyer), partsId, 9)).statusCode).toBe(201);
    expect((await order(as(buyer), partsId, 9)).statusCode).toBe(201);
  });
});
