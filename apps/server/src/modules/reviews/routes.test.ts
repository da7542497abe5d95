import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, signUpAdmin } from '../../test-support/accounts.js';
import { createTestShop, type TestShop } from '../../test-support/test-app.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop.close();
});

type Review = { _id: string; name: string; rating: number; message: string; createdAt: string };

describe('GET /api/review', () => {
  it('lists the reviews newest first, each with its name, rating, message and date', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/review' });
    expect(res.statusCode).toBe(200);
    const reviews = res.json() as Review[];
    expect(reviews.length).toBeGreaterThanOrEqual(6);
    expect(res.headers['x-total-count']).toBe(String(reviews.length));
    for (const review of reviews) {
      expect(review).toEqual({
        _id: expect.any(String),
        name: expect.any(String),
        rating: expect.any(Number),
        message: expect.any(String),
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    }
    const dates = reviews.map((r) => r.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('pages with limit and offset', async () => {
    const all = (await shop.app.inject({ method: 'GET', url: '/api/review' })).json() as Review[];
    const page = await shop.app.inject({ method: 'GET', url: '/api/review?limit=2&offset=1' });
    expect((page.json() as Review[]).map((r) => r._id)).toEqual(all.slice(1, 3).map((r) => r._id));
  });

  it('clamps limit to 100, and answers an empty page past the end with the total', async () => {
    const all = await shop.app.inject({ method: 'GET', url: '/api/review?limit=5000' });
    expect(all.statusCode).toBe(200);
    const total = Number(all.headers['x-total-count']);
    expect(all.json()).toHaveLength(Math.min(total, 100));
    const past = await shop.app.inject({ method: 'GET', url: `/api/review?offset=${total}` });
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe(String(total));
  });

  it.each([
    'limit=0',
    'limit=x',
    'limit=-1',
    'limit=2.5',
    'limit=',
    'limit=NaN',
    'offset=-3',
    'offset=1.5',
    'offset=abc',
    'offset=99999999999999999999',
  ])('refuses %s with 400 naming the field', async (query) => {
    const res = await shop.app.inject({ method: 'GET', url: `/api/review?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'validation', message: expect.any(String) });
    expect(res.json().error.message).toMatch(new RegExp(`^${query.split('=')[0]} `));
  });
});

describe('POST /api/review', () => {
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    shop.app.inject({ method: 'POST', url: '/api/review', payload: body as object, headers });

  it('stores a buyer review, tied to the buyer, the message byte for byte; it comes first in the list', async () => {
    const buyer = await signUp(shop.app);
    const message = '  <script>alert("x")</script> Great crimpers — 5★ \n ';
    const res = await post({ name: '  Rahim Traders ', rating: '5', message }, bearer(buyer));
    expect(res.statusCode).toBe(201);
    const { insertedId } = res.json();
    const [first] = (await shop.app.inject({ method: 'GET', url: '/api/review?limit=1' })).json() as Review[];
    expect(first).toMatchObject({ _id: insertedId, name: 'Rahim Traders', rating: 5, message });
    const row = await shop.database.db
      .selectFrom('reviews')
      .selectAll()
      .where('id', '=', insertedId)
      .executeTakeFirst();
    expect(row?.user_id).toBe(buyer.uid);
  });

  it('lists reviews posted within the same millisecond newest first too', async () => {
    const buyer = await signUp(shop.app);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await post({ name: 'Quick', rating: 4, message: `Review ${i}` }, bearer(buyer));
      ids.push(res.json().insertedId);
    }
    // As if all five had come within one millisecond: the order must not depend on the clock alone.
    await shop.database.db
      .updateTable('reviews')
      .set({ created_at: new Date(Date.now() + 60_000).toISOString() })
      .where('id', 'in', ids)
      .execute();
    const latest = (await shop.app.inject({ method: 'GET', url: '/api/review?limit=5' })).json() as Review[];
    expect(latest.map((r) => r._id)).toEqual([...ids].reverse());
  });

  it.each([
    ['rating', { rating: 6 }],
    ['rating', { rating: -1 }],
    ['rating', { rating: 4.5 }],
    ['rating', { rating: 'five' }],
    ['rating', { rating: null }],
    ['message', { message: '' }],
    ['message', { message: '   ' }],
    ['message', { message: 'x'.repeat(2001) }],
    ['message', { message: 12 }],
    ['name', { name: '' }],
    ['name', { name: 'x'.repeat(101) }],
  ])('refuses a bad %s with 400: %j', async (field, change) => {
    const buyer = await signUp(shop.app);
    const res = await post({ name: 'A', rating: 4, message: 'Good', ...change }, bearer(buyer));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message.startsWith(field)).toBe(true);
  });

  it('takes 0 and 5, and 2000 characters', async () => {
    const buyer = await signUp(shop.app);
    for (const rating of [0, 5]) {
      expect((await post({ name: 'A', rating, message: 'x'.repeat(2000) }, bearer(buyer))).statusCode).toBe(
        201,
      );
    }
  });

  it('is for signed-in buyers: 401 for a visitor, 403 for an admin', async () => {
    const admin = await signUpAdmin(shop.app, shop.database.db);
    const body = { name: 'A', rating: 4, message: 'Good' };
    expect((await post(body)).statusCode).toBe(401);
    expect((await post(body, bearer(admin))).statusCode).toBe(403);
  });
});
