import { describe, expect, vi } from 'vitest';
import { test } from '../test-support/fixture.js';

// A shop that sheds load early; the ETag's test, on a shop that does not, is etag.test.ts.
test.override('shopOptions', { demo: false, env: { MAX_EVENT_LOOP_DELAY_MS: '20' } });

describe('a server whose event loop lags', () => {
  test('sheds requests with 503 and retry-after, and still answers /api/health', async ({ as }) => {
    await vi.waitFor(
      async () => {
        // The event loop held up for over a second: the next sample sees the lag.
        const until = Date.now() + 1200;
        while (Date.now() < until);
        await new Promise((resolve) => setTimeout(resolve, 50));
        const res = await as(null).get('/api/parts');
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json()).toEqual({
          error: {
            code: 'unavailable',
            message: 'The shop is too busy just now. Please try again in 5 seconds.',
          },
        });
        expect(res.headers['x-request-id']).toBeTruthy();
        expect((await as(null).get('/api/health')).statusCode).toBe(200);
      },
      { timeout: 15_000, interval: 10 },
    );
  });
});
