import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, signUpAdmin, type TestAccount } from '../../test-support/accounts.js';
import { createTestShop, type TestShop } from '../../test-support/test-app.js';

let shop: TestShop;
let admin: TestAccount;
let buyer: TestAccount;
beforeAll(async () => {
  shop = await createTestShop({ demo: false });
  admin = await signUpAdmin(shop.app, shop.database.db);
  buyer = await signUp(shop.app);
});
afterAll(async () => {
  await shop.close();
});

const valid = {
  name: '  Hot-Air Rework Station 700 W ',
  desc: 'Digital hot-air station with three nozzles.',
  img: 'https://images.example.com/rework.webp',
  min_order_quantity: 5,
  available_quantity: 300,
  price_per_piece: 129,
};

const create = (body: unknown, who: TestAccount | null = admin) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/parts',
    payload: body as object,
    headers: who ? bearer(who) : {},
  });

describe('POST /api/parts', () => {
  it('adds a part that the catalog then lists, trimmed, with integers from numeric strings', async () => {
    const res = await create({ ...valid, price_per_piece: '129' });
    expect(res.statusCode).toBe(201);
    const { insertedId } = res.json();
    const part = (await shop.app.inject({ method: 'GET', url: `/api/partsById?id=${insertedId}` })).json();
    expect(part).toEqual({
      _id: insertedId,
      ...valid,
      name: 'Hot-Air Rework Station 700 W',
      price_breaks: [],
    });
    const found = (await shop.app.inject({ method: 'GET', url: '/api/parts?q=rework' })).json();
    expect(found.map((p: { _id: string }) => p._id)).toContain(insertedId);
  });

  it('takes a picture uploaded to /api/images, and a part with nothing available yet', async () => {
    const img = `/api/images/${'a'.repeat(64)}.webp`;
    expect((await create({ ...valid, img })).statusCode).toBe(201);
    expect((await create({ ...valid, available_quantity: 0, min_order_quantity: 50 })).statusCode).toBe(201);
  });

  it('ignores a client-chosen _id', async () => {
    const chosen = '11111111-1111-4111-8111-111111111111';
    const res = await create({ ...valid, _id: chosen });
    expect(res.statusCode).toBe(201);
    expect(res.json().insertedId).not.toBe(chosen);
  });

  it.each([
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
  ])('refuses a bad %s with 400 naming it: %j', async (field, change) => {
    const res = await create({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation');
    expect(res.json().error.message.startsWith(field)).toBe(true);
  });

  it('is for admins only', async () => {
    expect((await create(valid, null)).statusCode).toBe(401);
    expect((await create(valid, buyer)).statusCode).toBe(403);
  });
});

describe('DELETE /api/partsById', () => {
  it('takes the part out of the catalog; deleting it again is 404', async () => {
    const { insertedId } = (await create(valid)).json();
    const remove = () =>
      shop.app.inject({ method: 'DELETE', url: `/api/partsById?id=${insertedId}`, headers: bearer(admin) });
    const first = await remove();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ acknowledged: true });
    expect(
      (await shop.app.inject({ method: 'GET', url: `/api/partsById?id=${insertedId}` })).statusCode,
    ).toBe(404);
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

  it('answers 404 for an unknown id, 400 for a malformed one, and only to admins', async () => {
    const { insertedId } = (await create(valid)).json();
    const del = (id: string, who: TestAccount | null) =>
      shop.app.inject({ method: 'DELETE', url: `/api/partsById?id=${id}`, headers: who ? bearer(who) : {} });
    expect((await del(crypto.randomUUID(), admin)).statusCode).toBe(404);
    expect((await del('nope', admin)).statusCode).toBe(400);
    expect((await del(insertedId, null)).statusCode).toBe(401);
    expect((await del(insertedId, buyer)).statusCode).toBe(403);
    expect(
      (await shop.app.inject({ method: 'GET', url: `/api/partsById?id=${insertedId}` })).statusCode,
    ).toBe(200);
  });
});

describe('PUT /api/partsById', () => {
  const edit = (id: string, body: unknown, who: TestAccount | null = admin) =>
    shop.app.inject({
      method: 'PUT',
      url: `/api/partsById?id=${id}`,
      payload: body as object,
      headers: who ? bearer(who) : {},
    });

  it('edits and restocks a part; an order already placed keeps its name and price', async () => {
    const { insertedId } = (await create(valid)).json();
    const order = await shop.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: bearer(buyer),
      payload: { partsId: insertedId, quantity: 10, mobile: '+880 1712 345678', address: 'Dhaka' },
    });
    const changed = {
      ...valid,
      name: 'Rework Station 800 W',
      price_per_piece: 150,
      available_quantity: 1000,
    };
    const res = await edit(insertedId, changed);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true });
    const part = (await shop.app.inject({ method: 'GET', url: `/api/partsById?id=${insertedId}` })).json();
    expect(part).toMatchObject({
      name: 'Rework Station 800 W',
      price_per_piece: 150,
      available_quantity: 1000,
    });
    const found = (await shop.app.inject({ method: 'GET', url: '/api/parts?q=station%20800' })).json();
    expect(found.map((p: { _id: string }) => p._id)).toContain(insertedId);
    const placed = (
      await shop.app.inject({
        method: 'GET',
        url: `/api/purchaseById/${order.json().insertedId}`,
        headers: bearer(buyer),
      })
    ).json();
    expect(placed).toMatchObject({ partsName: 'Hot-Air Rework Station 700 W', price: 10 * 129 });
  });

  it('keeps the rules of adding a part, answers 404 for an unknown or deleted part, and is for admins only', async () => {
    const { insertedId } = (await create(valid)).json();
    expect((await edit(insertedId, { ...valid, min_order_quantity: 500 })).statusCode).toBe(400);
    expect((await edit(insertedId, { ...valid, price_per_piece: 0 })).statusCode).toBe(400);
    expect((await edit(insertedId, { ...valid, img: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect((await edit(crypto.randomUUID(), valid)).statusCode).toBe(404);
    expect((await edit(insertedId, valid, null)).statusCode).toBe(401);
    expect((await edit(insertedId, valid, buyer)).statusCode).toBe(403);
    await shop.app.inject({
      method: 'DELETE',
      url: `/api/partsById?id=${insertedId}`,
      headers: bearer(admin),
    });
    expect((await edit(insertedId, valid)).statusCode).toBe(404);
  });
});
