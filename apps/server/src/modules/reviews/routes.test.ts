import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it.each(['limit=0', 'limit=x', 'offset=-3'])('refuses %s with 400', async (query) => {
    const res = await shop.app.inject({ method: 'GET', url: `/api/review?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation');
  });
});
