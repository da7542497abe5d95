import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import { migrateToLatest } from '../../db/migrations/index.js';
import { signUp, type TestAccount } from '../../test-support/accounts.js';
import { companyWithMembers } from '../../test-support/companies.js';
import { type As, test as shopTest } from '../../test-support/fixture.js';
import { withOrdersBefore } from '../../test-support/old-orders.js';
import { insertPart } from '../../test-support/parts.js';
import { parseOrderNumber } from './numbers.js';

const delivery = { mobile: '+880 1712 345678', address: 'Dhaka' };

/** The file's part: 60 pieces, bought 1 at a time at the least. */
const test = shopTest.extend('partsId', { scope: 'file' }, ({ shop }) =>
  insertPart(shop.database.db, { name: 'Numbered part', available_quantity: 60, min_order_quantity: 1 }),
);

/** The numbers of every order in the shop, as the admin's list answers them, in number order. */
async function allNumbers(as: As, admin: TestAccount) {
  const res = await as(admin).get('/api/purchase?limit=100');
  expect(res.statusCode).toBe(200);
  return (res.json() as { number: string }[]).map((order) => order.number).sort();
}

describe('order numbers', () => {
  test('are SO- and six digits, given in the order orders are placed, and the buyer reads theirs', async ({
    as,
    buyer,
    partsId,
  }) => {
    const first = await as(buyer).post('/api/purchase', { partsId, quantity: 1, ...delivery });
    const second = await as(buyer).post('/api/orders', { lines: [{ partsId, quantity: 2 }], ...delivery });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const one = await as(buyer).get(`/api/purchaseById/${first.json().insertedId}`);
    const two = await as(buyer).get(`/api/purchaseById/${second.json().insertedId}`);
    expect(one.json().number).toMatch(/^SO-\d{6}$/);
    expect(parseOrderNumber(two.json().number)).toBe((parseOrderNumber(one.json().number) ?? 0) + 1);
    const mine = await as(buyer).get(`/api/purchaseByEmail?email=${encodeURIComponent(buyer.email)}`);
    expect((mine.json() as { number: string }[]).map((o) => o.number)).toEqual([
      two.json().number,
      one.json().number,
    ]);
  });

  test('follow each other without gaps when 50 buyers order at once and refused orders take none', async ({
    shop,
    as,
    admin,
    partsId,
  }) => {
    const before = await allNumbers(as, admin);
    const buyers = await Promise.all(Array.from({ length: 10 }, () => signUp(shop.app)));
    // 50 orders of 2 pieces for the part's 57 left: some are refused for want of stock.
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        as(buyers[i % buyers.length] ?? null).post('/api/purchase', { partsId, quantity: 2, ...delivery }),
      ),
    );
    const placed = answers.filter((answer) => answer.statusCode === 201).length;
    expect(placed).toBe(28);
    expect(answers.filter((answer) => answer.statusCode === 422)).toHaveLength(22);
    const numbers = (await allNumbers(as, admin)).map((n) => parseOrderNumber(n) as number);
    expect(numbers).toEqual(Array.from({ length: before.length + placed }, (_, i) => i + 1));
  });

  test("find an order in the admin's list by its number, with or without SO-, and by buyer or company", async ({
    shop,
    as,
    admin,
    partsId,
  }) => {
    const buyer = await signUp(shop.app, { name: 'Nusrat Rahman' });
    await companyWithMembers(shop.database.db, [{ uid: buyer.uid, role: 'admin' }], {
      name: 'Meghna Circuits',
    });
    const { insertedId } = (
      await as(buyer).post('/api/purchase', { partsId, quantity: 1, ...delivery })
    ).json();
    const { number } = (await as(buyer).get(`/api/purchaseById/${insertedId}`)).json();
    const found = async (q: string) =>
      ((await as(admin).get(`/api/purchase?q=${encodeURIComponent(q)}`)).json() as { _id: string }[]).map(
        (order) => order._id,
      );
    expect(await found(number)).toEqual([insertedId]);
    expect(await found(String(parseOrderNumber(number)))).toEqual([insertedId]);
    expect(await found(number.toLowerCase())).toEqual([insertedId]);
    expect(await found('nusrat')).toEqual([insertedId]);
    expect(await found('meghna circ')).toEqual([insertedId]);
    expect(await found('SO-999999')).toEqual([]);
    // Past what an order number can be: searched as text, found nowhere, never a failed query.
    expect(await found('SO-99999999999')).toEqual([]);
    expect((await as(admin).get(`/api/purchase?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
    expect((await as(buyer).get(`/api/purchase?q=${number}`)).statusCode).toBe(403);
  });
});

describe('the order numbers migration', () => {
  test('numbers the orders there are in the order they were placed, and the next order goes on from there', async () => {
    await withOrdersBefore('0029_order_numbers', async (db, order, shopDb) => {
      await db
        .insertInto('orders')
        .values([
          order('c', { created_at: '2025-03-01T00:00:00.000Z' }),
          order('b', { created_at: '2025-02-01T00:00:00.000Z' }),
          order('a', { created_at: '2025-02-01T00:00:00.000Z' }),
        ])
        .execute();
      await migrateToLatest(shopDb);
      const rows = await shopDb.selectFrom('orders').select(['id', 'number']).orderBy('number').execute();
      expect(rows.map((row) => [row.id, Number(row.number)])).toEqual([
        ['a', 1],
        ['b', 2],
        ['c', 3],
      ]);
      const counter = await sql<{ last: number }>`select last_number as last from order_counter`.execute(
        shopDb,
      );
      expect(Number(counter.rows[0]?.last)).toBe(3);
    });
  });
});
