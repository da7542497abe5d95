import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestShop, type TestShop } from '../test-support/test-app.js';

const shops: TestShop[] = [];
afterAll(async () => {
  for (const shop of shops) await shop.close();
});

describe('an unchanged answer', () => {
  it('is 304 without a body when the client names its ETag', async () => {
    const shop = await createTestShop({ demo: true });
    shops.push(shop);
    const first = await shop.app.inject({ method: 'GET', url: '/api/parts?limit=3' });
    expect(first.statusCode).toBe(200);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/"/);
    const again = await shop.app.inject({
      method: 'GET',
      url: '/api/parts?limit=3',
      headers: { 'if-none-match': tag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await shop.app.inject({
      method: 'GET',
      url: '/api/parts?limit=2',
      headers: { 'if-none-match': tag },
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('a server whose event loop lags', () => {
  it('sheds requests with 503 and retry-after, and still answers /api/health', async () => {
    const shop = await createTestShop({ demo: false, env: { MAX_EVENT_LOOP_DELAY_MS: '20' } });
    shops.push(shop);
    await vi.waitFor(
      async () => {
        // The event loop held up for over a second: the next sample sees the lag.
        const until = Date.now() + 1200;
        while (Date.now() < until);
        await new Promise((resolve) => setTimeout(resolve, 50));
        const res = await shop.app.inject({ method: 'GET', url: '/api/parts' });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json()).toEqual({
          error: {
            code: 'unavailable',
            message: 'The shop is too busy just now. Please try again in 5 seconds.',
          },
        });
        expect(res.headers['x-request-id']).toBeTruthy();
        expect((await shop.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      },
      { timeout: 15_000, interval: 10 },
    );
  });
});
