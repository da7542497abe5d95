import { describe, expect } from 'vitest';
import { bearer, signUp } from '../../test-support/accounts.js';
import { type Caller, test } from '../../test-support/fixture.js';
import { insertPart } from '../../test-support/parts.js';
import { anotherServer } from '../../test-support/test-app.js';

test.override('shopOptions', { demo: true });

type Review = {
  _id: string;
  name: string;
  rating: number;
  message: string;
  createdAt: string;
  verifiedBuyer: boolean;
};

describe('GET /api/review', () => {
  test('lists the reviews newest first, each with its name, rating, message and date', async ({ as }) => {
    const res = await as(null).get('/api/review');
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

  test('pages with limit and offset', async ({ as }) => {
    const all = (await as(null).get('/api/review')).json() as Review[];
    const page = await as(null).get('/api/review?limit=2&offset=1');
    expect((page.json() as Review[]).map((r) => r._id)).toEqual(all.slice(1, 3).map((r) => r._id));
  });

  test('clamps limit to 100, and answers an empty page past the end with the total', async ({ as }) => {
    const all = await as(null).get('/api/review?limit=5000');
    expect(all.statusCode).toBe(200);
    const total = Number(all.headers['x-total-count']);
    expect(all.json()).toHaveLength(Math.min(total, 100));
    const past = await as(null).get(`/api/review?offset=${total}`);
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe(String(total));
  });

  test.for([
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
  ])('refuses %s with 400 naming the field', async (query, { as }) => {
    const res = await as(null).get(`/api/review?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'validation', message: expect.any(String) });
    expect(res.json().error.message).toMatch(new RegExp(`^${query.split('=')[0]} `));
  });
});

describe('POST /api/review', () => {
  const post = (caller: Caller, body: unknown) => caller.post('/api/review', body as object);

  test('stores a buyer review, tied to the buyer, the message byte for byte; it comes first in the list', async ({
    shop,
    as,
  }) => {
    const buyer = await signUp(shop.app);
    const message = '  <script>alert("x")</script> Great crimpers — 5★ \n ';
    const res = await post(as(buyer), { name: '  Rahim Traders ', rating: '5', message });
    expect(res.statusCode).toBe(201);
    const { insertedId } = res.json();
    const [first] = (await as(null).get('/api/review?limit=1')).json() as Review[];
    expect(first).toMatchObject({ _id: insertedId, name: 'Rahim Traders', rating: 5, message });
    const row = await shop.database.db
      .selectFrom('reviews')
      .selectAll()
      .where('id', '=', insertedId)
      .executeTakeFirst();
    expect(row?.user_id).toBe(buyer.uid);
  });

  test('lists reviews posted within the same millisecond newest first too', async ({ shop, as }) => {
    const buyer = await signUp(shop.app);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await post(as(buyer), { name: 'Quick', rating: 4, message: `Review ${i}` });
      ids.push(res.json().insertedId);
    }
    // As if all five had come within one millisecond: the order must not depend on the clock alone.
    await shop.database.db
      .updateTable('reviews')
      .set({ created_at: new Date(Date.now() + 60_000).toISOString() })
      .where('id', 'in', ids)
      .execute();
    const latest = (await as(null).get('/api/review?limit=5')).json() as Review[];
    expect(latest.map((r) => r._id)).toEqual([...ids].reverse());
  });

  test.for([
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
  ] as const)('refuses a bad %s with 400: %j', async ([field, change], { shop, as }) => {
    const buyer = await signUp(shop.app);
    const res = await post(as(buyer), { name: 'A', rating: 4, message: 'Good', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message.startsWith(field)).toBe(true);
  });

  test('takes 0 and 5, and 2000 characters', async ({ as, buyer }) => {
    for (const rating of [0, 5]) {
      expect((await post(as(buyer), { name: 'A', rating, message: 'x'.repeat(2000) })).statusCode).toBe(201);
    }
  });

  test('is for signed-in buyers: 401 for a visitor, 403 for an admin', async ({ as, admin }) => {
    const body = { name: 'A', rating: 4, message: 'Good' };
    expect((await post(as(null), body)).statusCode).toBe(401);
    expect((await post(as(admin), body)).statusCode).toBe(403);
  });
});

describe('Verified buyer', () => {
  const review = (caller: Caller, message: string) =>
    caller.post('/api/review', { name: 'Karim', rating: 5, message });
  const latest = async (visitor: Caller) => (await visitor.get('/api/review?limit=20')).json() as Review[];

  test('marks the reviews of a buyer with a paid order, also when the payment comes after the review, through another server', async ({
    shop,
    as,
  }) => {
    const buyer = await signUp(shop.app);
    const browser = await signUp(shop.app);
    const mine = (await review(as(buyer), 'Will pay soon')).json().insertedId;
    const theirs = (await review(as(browser), 'Only looking')).json().insertedId;
    const markOf = async (id: string) => (await latest(as(null))).find((r) => r._id === id)?.verifiedBuyer;
    // Read (and kept by the cache) before the payment.
    expect(await markOf(mine)).toBe(false);
    expect(await markOf(theirs)).toBe(false);

    const partsId = await insertPart(shop.database.db, { name: 'Reviewed part', min_order_quantity: 1 });
    const orderId = (
      await as(buyer).post('/api/purchase', {
        partsId,
        quantity: 2,
        mobile: '+880 1712 345678',
        address: 'Dhaka',
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
  test('takes 10 reviews per window from one account, then 429 with retry-after; another account still reviews', async ({
    shop,
    as,
  }) => {
    const buyer = await signUp(shop.app);
    const post = (who: { accessToken: string }) =>
      as(who).post('/api/review', { name: 'Flood', rating: 1, message: 'Again' });
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
