import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, signUpAdmin } from '../../test-support/accounts.js';
import { insertPart } from '../../test-support/parts.js';
import { anotherServer, createTestShop, type TestShop } from '../../test-support/test-app.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop.close();
});

type Review = {
  _id: string;
  name: string;
  rating: number;
  message: string;
  createdAt: string;
  verifiedBuyer: boolean;
};

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
        verifiedBuyer: expect.any(Boolean),
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

describe('Verified buyer', () => {
  const review = (buyer: { accessToken: string }, message: string) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/review',
      payload: { name: 'Karim', rating: 5, message },
      headers: bearer(buyer),
    });
  const latest = async (app = shop.app) =>
    (await app.inject({ method: 'GET', url: '/api/review?limit=20' })).json() as Review[];

  it('marks the reviews of a buyer with a paid order, also when the payment comes after the review, through another server', async () => {
    const buyer = await signUp(shop.app);
    const browser = await signUp(shop.app);
    const mine = (await review(buyer, 'Will pay soon')).json().insertedId;
    const theirs = (await review(browser, 'Only looking')).json().insertedId;
    const markOf = async (id: string) => (await latest()).find((r) => r._id === id)?.verifiedBuyer;
    // Read (and kept by the cache) before the payment.
    expect(await markOf(mine)).toBe(false);
    expect(await markOf(theirs)).toBe(false);

    const partsId = await insertPart(shop.database.db, { name: 'Reviewed part', min_order_quantity: 1 });
    const orderId = (
      await shop.app.inject({
        method: 'POST',
        url: '/api/purchase',
        headers: bearer(buyer),
        payload: { partsId, quantity: 2, mobile: '+880 1712 345678', address: 'Dhaka' },
      })
    ).json().insertedId;
    // An unpaid order does not make a verified buyer.
    expect(await markOf(mine)).toBe(false);

    // The buyer pays through another server: this one's cache must learn of it.
    const other = await anotherServer(shop);
    try {
      const { clientSecret } = (
        await other.inject({
          method: 'POST',
          url: '/api/create-payment-intent',
          headers: bearer(buyer),
          payload: { _id: orderId },
        })
      ).json();
      const paid = await other.inject({
        method: 'POST',
        url: '/api/payments/test/confirm',
        headers: bearer(buyer),
        payload: { clientSecret, card: { number: '4242424242424242', exp: '12/34', cvc: '123' } },
      });
      expect(paid.statusCode, paid.body).toBe(200);
    } finally {
      await other.close();
    }
    // PostgreSQL's notification arrives a moment after the commit.
    await expect.poll(() => markOf(mine), { timeout: 5000, interval: 50 }).toBe(true);
    expect(await markOf(theirs)).toBe(false);
  });
});

describe('RATE_LIMIT_REVIEWS_PER_ACCOUNT', () => {
  it('takes 10 reviews per window from one account, then 429 with retry-after; another account still reviews', async () => {
    const buyer = await signUp(shop.app);
    const post = (who: { accessToken: string }) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/review',
        payload: { name: 'Flood', rating: 1, message: 'Again' },
        headers: bearer(who),
      });
    const answers = await Promise.all(Array.from({ length: 25 }, () => post(buyer)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(15);
    expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused[0]?.json().error.code).toBe('rate_limited');
    const stored = await shop.database.db
      .selectFrom('reviews')
      .select('id')
      .where('user_id', '=', buyer.uid)
      .execute();
    expect(stored).toHaveLength(10);
    expect((await post(await signUp(shop.app))).statusCode).toBe(201);
  });
});
