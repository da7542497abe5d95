import zlib from 'node:zlib';
import { describe, expect } from 'vitest';
import { test } from '../test-support/fixture.js';

// Beside http.test.ts: a shop with a built web app of its own (above @fastify/compress's
// threshold, as the built one is) and a route that fails, its log lines captured.
const written: string[] = [];
test.override('shopOptions', {
  demo: false,
  env: { LOG_LEVEL: 'error' },
  indexHtml: `<!doctype html><title>Shop</title><div id="root">${'<p>The shop.</p>'.repeat(100)}</div>`,
  logStream: { write: (line) => void written.push(line) },
  routes: (app) =>
    app.get('/api/test-failure', async () => {
      throw new Error('select password_hash from users: SQLITE_CORRUPT at /srv/shop.db');
    }),
});

describe('a handler that throws, and the web app', () => {
  test('answers 500 with only a reference, and logs the error under that request id', async ({ as }) => {
    const res = await as(null).get('/api/test-failure');
    expect(res.statusCode).toBe(500);
    const id = res.headers['x-request-id'];
    expect(res.json()).toEqual({
      error: { code: 'internal', message: `Something went wrong on our side. Reference: ${id}` },
    });
    expect(res.body).not.toMatch(/password|SQLITE|shop\.db|select/i);
    const logged = written
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    expect(logged).toContainEqual(
      expect.objectContaining({
        reqId: id,
        err: expect.objectContaining({ message: expect.stringContaining('SQLITE_CORRUPT') }),
      }),
    );
  });

  test.for(['/', '/parts', '/api/parts', '/api/no-such-thing', '/api/test-failure'])(
    'sends the security headers on %s',
    async (url, { as }) => {
      const res = await as(null).get(url);
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
      expect(scriptSrc).toMatch(/'self'/);
      expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    },
  );

  test('sends pages compressed when the browser takes it, and revalidates them by their ETag', async ({
    as,
  }) => {
    const plain = await as(null).get('/parts');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accepted, sent] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      const page = await as(null).get('/parts', { 'accept-encoding': accepted });
      expect(page.headers['content-encoding']).toBe(sent);
      expect(page.headers.vary).toMatch(/accept-encoding/i);
      const body =
        sent === 'br' ? zlib.brotliDecompressSync(page.rawPayload) : zlib.gunzipSync(page.rawPayload);
      expect(body.toString()).toBe(plain.body);
    }
    const again = await as(null).get('/parts', { 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  test('serves the web app on page routes, and never on /api', async ({ as }) => {
    const page = await as(null).get('/dashboard/my-orders');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<title>Shop</title>');
    const api = await as(null).get('/api/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
  });
});
