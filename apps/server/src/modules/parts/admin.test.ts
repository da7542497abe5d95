import { describe, expect } from 'vitest';
import type { TestAccount } from '../../test-support/accounts.js';
import { type Caller, test } from '../../test-support/fixture.js';

const valid = {
  name: '  Hot-Air Rework Station 700 W ',
  desc: 'Digital hot-air station with three nozzles.',
  img: 'https://images.example.com/rework.webp',
  min_order_quantity: 5,
  available_quantity: 300,
  price_per_piece: 129,
};

const create = (caller: Caller, body: unknown) => caller.post('/api/parts', body as object);

describe('POST /api/parts', () => {
  test('adds a part that the catalog then lists, trimmed, with integers from numeric strings', async ({
    as,
    admin,
  }) => {
    const res = await create(as(admin), { ...valid, price_per_piece: '129' });
    expect(res.statusCode).toBe(201);
    const { insertedId } = res.json();
    const part = (await as(null).get(`/api/partsById?id=${insertedId}`)).json();
    expect(part).toEqual({
      _id: insertedId,
      ...valid,
      name: 'Hot-Air Rework Station 700 W',
      price_breaks: [],
      order_multiple: 1,
      incoming: [],
      backorderable: false,
      backordered: 0,
      attributes: {},
      lifecycle: 'active',
      documents: [],
      fitsTools: [],
    });
    const found = (await as(null).get('/api/parts?q=rework')).json();
    expect(found.map((p: { _id: string }) => p._id)).toContain(insertedId);
  });

  test('takes a picture uploaded to /api/images, and a part with nothing available yet', async ({
    as,
    admin,
  }) => {
    const img = `/api/images/${'a'.repeat(64)}.webp`;
    expect((await create(as(admin), { ...valid, img })).statusCode).toBe(201);
    expect(
      (await create(as(admin), { ...valid, available_quantity: 0, min_order_quantity: 50 })).statusCode,
    ).toBe(201);
  });

  test('ignores a client-chosen _id', async ({ as, admin }) => {
    const chosen = '11111111-1111-4111-8111-111111111111';
    const res = await create(as(admin), { ...valid, _id: chosen });
    expect(res.statusCode).toBe(201);
    expect(res.json().insertedId).not.toBe(chosen);
  });

  test.for([
    ['name', { name: '' }],
    ['name', { name: '   ' }],
    ['name', { name: 'x'.repeat(121) }],
    ['name', { name: null }],
    ['desc', { desc: undefined }],
    ['desc', { desc: 'x'.repeat(2001) }],
    ['img', { img: 'javascript:alert(1)' }],
    ['img', { img: '/etc/passwd' }],
    ['img', { img: '/api/images/../../shop.db' }],
    ['img', { img: 'data:image/png;base64,AAAA' }],
    ['img', { img: 42 }],
    ['min_order_quantity', { min_order_quantity: 0 }],
    ['min_order_quantity', { min_order_quantity: 1.5 }],
    ['min_order_quantity', { min_order_quantity: true }],
    ['min_order_quantity', { min_order_quantity: 'abc' }],
    ['min_order_quantity', { min_order_quantity: 400 }],
    ['available_quantity', { available_quantity: -1 }],
    ['available_quantity', { available_quantity: 1e12 }],
    ['available_quantity', { available_quantity: [] }],
    ['price_per_piece', { price_per_piece: 0 }],
    ['price_per_piece', { price_per_piece: 9.99 }],
    ['price_per_piece', { price_per_piece: 'NaN' }],
    ['price_per_piece', { price_per_piece: {} }],
    ['price_per_piece', { price_per_piece: Number.MAX_SAFE_INTEGER + 2 }],
  ] as const)('refuses a bad %s with 400 naming it: %j', async ([field, change], { as, admin }) => {
    const res = await create(as(admin), { ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation');
    expect(res.json().error.message.startsWith(field)).toBe(true);
  });

  test('is for admins only', async ({ as, buyer }) => {
    expect((await create(as(null), valid)).statusCode).toBe(401);
    expect((await create(as(buyer), valid)).statusCode).toBe(403);
  });
});

describe('DELETE /api/partsById', () => {
  test('takes the part out of the catalog; deleting it again is 404', async ({ shop, as, admin }) => {
    const { insertedId } = (await create(as(admin), valid)).json();
    const remove = () => as(admin).delete(`/api/partsById?id=${insertedId}`);
    const first = await remove();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ acknowledged: true });
    expect((await as(null).get(`/api/partsById?id=${insertedId}`)).statusCode).toBe(404);
    expect((await remove()).statusCode).toBe(404);
    // The row stays for the orders that name it.
    const row = await shop.database.db
      .selectFrom('parts')
      .selectAll()
      .where('id', '=', insertedId)
      .executeTakeFirst();
    expect(row?.deleted_at).toBeTruthy();
    expect(row?.price_per_piece).toBe(129);
  });

  test('answers 404 for an unknown id, 400 for a malformed one, and only to admins', async ({
    as,
    admin,
    buyer,
  }) => {
    const { insertedId } = (await create(as(admin), valid)).json();
    const del = (id: string, who: TestAccount | null) => as(who).delete(`/api/partsById?id=${id}`);
    expect((await del(crypto.randomUUID(), admin)).statusCode).toBe(404);
    expect((await del('nope', admin)).statusCode).toBe(400);
    expect((await del(insertedId, null)).statusCode).toBe(401);
    expect((await del(insertedId, buyer)).statusCode).toBe(403);
    expect((await as(null).get(`/api/partsById?id=${insertedId}`)).statusCode).toBe(200);
  });
});

describe('PUT /api/partsById', () => {
  const edit = (caller: Caller, id: string, body: unknown) =>
    caller.put(`/api/partsById?id=${id}`, body as object);

  test('edits and restocks a part; an order already placed keeps its name and price', async ({
    as,
    admin,
    buyer,
  }) => {
    const { insertedId } = (await create(as(admin), valid)).json();
    const order = await as(buyer).post('/api/purchase', {
      partsId: insertedId,
      quantity: 10,
      mobile: '+880 1712 345678',
      address: 'Dhaka',
    });
    const changed = {
      ...valid,
      name: 'Rework Station 800 W',
      price_per_piece: 150,
      available_quantity: 1000,
    };
    const res = await edit(as(admin), insertedId, changed);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true });
    const part = (await as(null).get(`/api/partsById?id=${insertedId}`)).json();
    expect(part).toMatchObject({
      name: 'Rework Station 800 W',
      price_per_piece: 150,
      available_quantity: 1000,
    });
    const found = (await as(null).get('/api/parts?q=station%20800')).json();
    expect(found.map((p: { _id: string }) => p._id)).toContain(insertedId);
    const placed = (await as(buyer).get(`/api/purchaseById/${order.json().insertedId}`)).json();
    expect(placed).toMatchObject({ partsName: 'Hot-Air Rework Station 700 W', price: 10 * 129 });
  });

  test('keeps the rules of adding a part, answers 404 for an unknown or deleted part, and is for admins only', async ({
    as,
    admin,
    buyer,
  }) => {
    const { insertedId } = (await create(as(admin), valid)).json();
    expect((await edit(as(admin), insertedId, { ...valid, min_order_quantity: 500 })).statusCode).toBe(400);
    expect((await edit(as(admin), insertedId, { ...valid, price_per_piece: 0 })).statusCode).toBe(400);
    expect((await edit(as(admin), insertedId, { ...valid, img: 'javascript:alert(1)' })).statusCode).toBe(
      400,
    );
    expect((await edit(as(admin), crypto.randomUUID(), valid)).statusCode).toBe(404);
    expect((await edit(as(null), insertedId, valid)).statusCode).toBe(401);
    expect((await edit(as(buyer), insertedId, valid)).statusCode).toBe(403);
    await as(admin).delete(`/api/partsById?id=${insertedId}`);
    expect((await edit(as(admin), insertedId, valid)).statusCode).toBe(404);
  });
});
