import type { Overview } from '@shop/contract/overview';
import { describe, expect } from 'vitest';
import { newId } from '../../clock.js';
import type { TestAccount } from '../../test-support/accounts.js';
import { type Caller, test } from '../../test-support/fixture.js';
import { orderRow } from '../../test-support/orders.js';
import { insertPart } from '../../test-support/parts.js';
import type { TestShop } from '../../test-support/test-app.js';

const parts: Record<string, string> = {};

/** `YYYY-MM-DD` of the UTC day `n` days before today. */
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const today = daysAgo(0);

const addPart = (shop: TestShop, name: string, min: number, available: number, deleted = false) =>
  insertPart(shop.database.db, {
    name,
    desc: 'D',
    price_per_piece: 5,
    available_quantity: available,
    min_order_quantity: min,
    deleted_at: deleted ? new Date().toISOString() : null,
  });

/** An order placed (and perhaps paid) at known moments, written straight into the database. */
async function addOrder(
  shop: TestShop,
  buyer: TestAccount,
  price: number,
  createdAt: string,
  paidAt: string | null,
  expiredAt: string | null = null,
): Promise<void> {
  const id = newId();
  const row = orderRow({
    id,
    user_id: buyer.uid,
    user_name: buyer.name,
    email: buyer.email,
    part_id: parts.plenty as string,
    part_name: 'Plenty',
    unit_price: price,
    quantity: 1,
    price,
    mobile: '+880 1712 345678',
    address: 'Dhaka',
    payment_id: paidAt ? `pi_test_${id}` : null,
    created_at: createdAt,
    paid_at: paidAt,
    expired_at: expiredAt,
  });
  await shop.database.db.insertInto('orders').values(row).execute();
}

const overview = (caller: Caller, url = '/api/overview') => caller.get(url);

test.beforeAll(async ({ shop, as, buyer }) => {
  parts.plenty = await addPart(shop, 'Plenty', 1, 100);
  parts.empty = await addPart(shop, 'Empty', 5, 0);
  parts.short = await addPart(shop, 'Short', 10, 9);
  parts.low = await addPart(shop, 'Low', 10, 25);
  parts.justOrderable = await addPart(shop, 'Just orderable', 10, 10);
  parts.enough = await addPart(shop, 'Enough', 10, 30);
  await addPart(shop, 'Deleted empty', 5, 0, true);
  await addPart(shop, 'Deleted low', 10, 12, true);

  await addOrder(shop, buyer, 30, `${today}T00:00:00.000Z`, `${today}T00:00:01.000Z`);
  await addOrder(shop, buyer, 12, `${today}T00:00:02.000Z`, null);
  await addOrder(shop, buyer, 100, `${daysAgo(3)}T23:59:59.999Z`, `${daysAgo(2)}T00:00:00.000Z`);
  // The first of the 30 days, from its first millisecond.
  await addOrder(shop, buyer, 7, `${daysAgo(29)}T00:00:00.000Z`, null);
  // Placed the day before the 30 days (left out), paid on their first day (counted).
  await addOrder(shop, buyer, 40, `${daysAgo(30)}T23:59:59.999Z`, `${daysAgo(29)}T08:00:00.000Z`);
  // Placed and paid long ago: left out entirely.
  await addOrder(shop, buyer, 1000, `${daysAgo(40)}T10:00:00.000Z`, `${daysAgo(35)}T10:00:00.000Z`);
  // Unpaid however old: still owed.
  await addOrder(shop, buyer, 5, `${daysAgo(45)}T10:00:00.000Z`, null);
  // Unpaid and expired (its pieces went back to stock): owed by nobody.
  await addOrder(shop, buyer, 500, `${daysAgo(45)}T11:00:00.000Z`, null, `${daysAgo(44)}T11:00:00.000Z`);

  // And one order placed and paid today through the shop itself: 2 pieces at $5.
  const placed = await as(buyer).post('/api/purchase', {
    partsId: parts.plenty,
    quantity: 2,
    mobile: '+880 1712 345678',
    address: 'Dhaka',
  });
  const { clientSecret } = (
    await as(buyer).post('/api/create-payment-intent', { _id: placed.json().insertedId })
  ).json();
  const paid = await as(buyer).post('/api/payments/test/confirm', {
    clientSecret,
    card: { number: '4242424242424242', exp: '12/34', cvc: '123' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
});

describe('GET /api/overview', () => {
  test('gives orders placed and dollars paid per UTC day, 30 days, oldest first, empty days included', async ({
    as,
    admin,
  }) => {
    const res = await overview(as(admin));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { days } = res.json() as Overview;
    expect(days.map((d) => d.date)).toEqual(Array.from({ length: 30 }, (_, i) => daysAgo(29 - i)));
    const on = (date: string) => days.find((d) => d.date === date);
    expect(on(today)).toEqual({ date: today, orders: 3, revenue: 40 });
    expect(on(daysAgo(2))).toEqual({ date: daysAgo(2), orders: 0, revenue: 100 });
    expect(on(daysAgo(3))).toEqual({ date: daysAgo(3), orders: 1, revenue: 0 });
    expect(on(daysAgo(29))).toEqual({ date: daysAgo(29), orders: 1, revenue: 40 });
    expect(on(daysAgo(10))).toEqual({ date: daysAgo(10), orders: 0, revenue: 0 });
    expect(days.reduce((sum, d) => sum + d.orders, 0)).toBe(5);
    expect(days.reduce((sum, d) => sum + d.revenue, 0)).toBe(180);
  });

  test('counts every unpaid order and what it is worth, however old; expired orders are not unpaid', async ({
    as,
    admin,
  }) => {
    const { unpaid } = (await overview(as(admin))).json() as Overview;
    expect(unpaid).toEqual({ count: 3, value: 24 });
  });

  test('counts the quotes waiting for an offer (requested), not those offered or answered', async ({
    as,
    admin,
    buyer,
  }) => {
    const before = ((await overview(as(admin))).json() as Overview).quotesRequested;
    const ask = async () => {
      const res = await as(buyer).post('/api/quotes', {
        lines: [{ partsId: parts.plenty, quantity: 3 }],
        message: 'A price?',
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().insertedId as string;
    };
    await ask();
    const answered = await ask();
    const offer = await as(admin).put(`/api/quotes/${answered}`, {
      lines: [{ partsId: parts.plenty, unitPrice: 4 }],
      validUntil: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(offer.statusCode, offer.body).toBe(200);
    expect(((await overview(as(admin))).json() as Overview).quotesRequested).toBe(before + 1);
  });

  test('lists the parts that cannot be ordered and those running low, fewest pieces first, deleted parts left out', async ({
    as,
    admin,
  }) => {
    const body = (await overview(as(admin))).json() as Overview;
    expect(body.cannotBeOrdered).toEqual({
      total: 2,
      parts: [
        { _id: parts.empty, name: 'Empty', available_quantity: 0, min_order_quantity: 5 },
        { _id: parts.short, name: 'Short', available_quantity: 9, min_order_quantity: 10 },
      ],
    });
    // Below 3 minimum orders: 10 and 25 pieces of a minimum of 10 are; 30 is not.
    expect(body.runningLow).toEqual({
      total: 2,
      parts: [
        { _id: parts.justOrderable, name: 'Just orderable', available_quantity: 10, min_order_quantity: 10 },
        { _id: parts.low, name: 'Low', available_quantity: 25, min_order_quantity: 10 },
      ],
    });
  });

  test('lists at most 50 parts, and says how many there are', async ({ shop, as, admin }) => {
    for (let i = 0; i < 55; i++) await addPart(shop, `Gone ${String(i).padStart(2, '0')}`, 5, i % 5);
    const { cannotBeOrdered } = (await overview(as(admin))).json() as Overview;
    expect(cannotBeOrdered.total).toBe(57);
    expect(cannotBeOrdered.parts).toHaveLength(50);
    const pieces = cannotBeOrdered.parts.map((p) => p.available_quantity);
    expect(pieces).toEqual([...pieces].sort((a, b) => a - b));
    expect(cannotBeOrdered.parts[0]?.name).toBe('Empty');
  });

  test.for([
    ['a visitor', {}, 401],
    ['a garbage token', { authorization: 'Bearer not.a.token' }, 401],
    ['another scheme', { authorization: 'Basic YWRtaW46YWRtaW4=' }, 401],
  ] as const)('refuses %s with 401', async ([, headers, status], { as }) => {
    const res = await as(null).get('/api/overview', headers);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe('unauthenticated');
  });

  test('refuses buyers with 403, and has no way to change anything', async ({ as, admin, buyer }) => {
    const res = await overview(as(buyer));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toEqual(expect.any(String));
    for (const method of ['post', 'put', 'delete'] as const) {
      const write = await as(admin)[method]('/api/overview', {});
      expect(write.statusCode).toBe(404);
    }
  });

  test('ignores a query it does not take: always the last 30 days', async ({ as, admin }) => {
    const res = await overview(as(admin), '/api/overview?days=3650&since=1970-01-01');
    expect(res.statusCode).toBe(200);
    expect((res.json() as Overview).days).toHaveLength(30);
  });

  test('is described in the API documentation', async ({ as }) => {
    const doc = (await as(null).get('/api/docs/json')).json();
    expect(doc.paths['/api/overview'].get.summary).toMatch(/30 days/);
  });
});
