import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrations/index.js';
import { createTestDatabase, createTestShop, type TestShop } from '../test-support/test-app.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop.close();
});

const inject = (options: InjectOptions) => shop.app.inject(options);

describe('the HTTP ground rules of docs/api.md', () => {
  it('answers unknown /api paths with a JSON 404, never the web app', async () => {
    for (const url of ['/api/nothing-here', '/api/parts/extra', '/api/']) {
      const res = await inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().error).toEqual({ code: 'not_found', message: expect.any(String) });
    }
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({ code: 'too_large', message: 'The request body is too large' });
    const declared = await inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) },
      payload: '{}',
    });
    expect(declared.statusCode).toBe(413);
  });

  const login = (contentType: string | undefined, payload: string) =>
    inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: contentType === undefined ? {} : { 'content-type': contentType },
      payload,
    });
  const credentials = '{"email":"nobody@example.com","password":"long enough"}';

  it.each([
    undefined,
    'text/plain',
    'text/json',
    'application/xml',
    'application/jsonx',
    'application/vnd.api+json',
    'multipart/form-data; boundary=x',
  ])('refuses content-type %s with 415 in the error shape', async (contentType) => {
    const res = await login(contentType, credentials);
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toEqual({ code: 'unsupported_media_type', message: expect.any(String) });
  });

  it.each(['application/json; charset=utf-8', 'Application/JSON'])(
    'reads JSON sent as %s (the login is then judged on its merits: 401)',
    async (contentType) => {
      expect((await login(contentType, credentials)).statusCode).toBe(401);
    },
  );

  it.each([
    ['', 'The JSON body is empty'],
    ['{"email": ', 'The body is not valid JSON'],
    [`${credentials}garbage`, 'The body is not valid JSON'],
    ["{'email': 'a@example.com'}", 'The body is not valid JSON'],
    ['null', 'body expected object, received null'],
    ['[]', 'body expected object, received array'],
    ['"text"', 'body expected object, received string'],
  ])('refuses the JSON body %j with 400 validation', async (payload, message) => {
    const res = await login('application/json', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'validation', message });
  });

  it('refuses a body that is not JSON with 415, and broken JSON with 400', async () => {
    const text = await inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@example.com',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe('unsupported_media_type');
    const form = await inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a@example.com',
    });
    expect(form.statusCode).toBe(415);
    const broken = await inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toEqual({ code: 'validation', message: 'The body is not valid JSON' });
  });

  it('never lets __proto__ or constructor keys reach an object', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload:
        '{"email":"a@example.com","password":"long enough","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    });
    expect(res.statusCode).toBe(401);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const nested = await inject({
      method: 'POST',
      url: '/api/messages',
      payload:
        '{"kind":"contact","email":"a@example.com","message":"Hi","__proto__":{"isAdmin":true},"a":{"__proto__":{"isAdmin":true}}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(nested.statusCode).toBe(201);
    const query = await inject({ method: 'GET', url: '/api/parts?__proto__[limit]=1&constructor=x&limit=2' });
    expect(query.statusCode).toBe(200);
    expect(query.json()).toHaveLength(2);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).limit).toBeUndefined();
  });

  it('answers an address that is not valid percent-encoding with a 400 in the error shape', async () => {
    for (const url of ['/api/%', '/api/parts%E0%A4%A', '/%ZZ']) {
      const res = await inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toEqual({ code: 'validation', message: expect.any(String) });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('refuses control characters (PostgreSQL refuses NUL) with 400, in bodies and queries', async () => {
    const body = await inject({
      method: 'POST',
      url: '/api/messages',
      payload: { kind: 'complaint', name: 'Nasir\u0000', message: 'Fine', consent: true },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().error.message).toBe('name must not contain control characters');
    const query = await inject({ method: 'GET', url: '/api/parts?q=a%00b' });
    expect(query.statusCode).toBe(400);
    const lines = await inject({
      method: 'POST',
      url: '/api/messages',
      payload: { kind: 'contact', email: 'a@example.com', message: 'Line one\nLine two\ttabbed' },
    });
    expect(lines.statusCode).toBe(201);
  });

  it('sends the security headers on API answers', async () => {
    const res = await inject({ method: 'GET', url: '/api/parts?limit=1' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBeTruthy();
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('makes its own request id, whatever the client sends', async () => {
    const res = await inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'mine' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/api/parts', '/api/partsById', '/api/review', '/api/auth/login', '/api/users']) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    const page = await inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).not.toMatch(/<script>|<script [^>]*>[^<\s]/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
  });

  it('answers the health check while the database answers', async () => {
    const res = await inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('a failure on the server side', () => {
  it('is a 500 that names only a reference (the request id), and health says 503', async () => {
    const broken = await createTestShop({ demo: false });
    try {
      await broken.database.close();
      const res = await broken.app.inject({ method: 'GET', url: '/api/parts' });
      expect(res.statusCode).toBe(500);
      const { error } = res.json();
      expect(error.code).toBe('internal');
      expect(error.message).toBe(
        `Something went wrong on our side. Reference: ${res.headers['x-request-id']}`,
      );
      expect(res.body).not.toMatch(/sqlite|select|pool|stack|at /i);
      const health = await broken.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json().error.code).toBe('unavailable');
    } finally {
      await broken.close().catch(() => undefined);
    }
  });
});

/** The shop with a built web app of its own and a route that fails, captured log lines and all. */
async function shopWithExtras(): Promise<{
  app: FastifyInstance;
  logs: () => string[];
  close(): Promise<void>;
}> {
  const target = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: target.dataDir,
    DATABASE_URL: target.url,
    LOG_LEVEL: 'error',
  });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  const webDist = path.join(target.dataDir, 'web');
  fs.mkdirSync(webDist);
  // Above @fastify/compress's threshold, as the built one is.
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    `<!doctype html><title>Shop</title><div id="root">${'<p>The shop.</p>'.repeat(100)}</div>`,
  );
  const written: string[] = [];
  const app = await buildApp({
    config,
    database,
    webDist,
    logStream: {
      write: (line) => {
        written.push(line);
      },
    },
  });
  app.get('/api/test-failure', async () => {
    throw new Error('select password_hash from users: SQLITE_CORRUPT at /srv/shop.db');
  });
  await app.ready();
  return {
    app,
    logs: () => written.join('').split('\n').filter(Boolean),
    async close() {
      await app.close();
      await target.drop();
    },
  };
}

describe('a handler that throws, and the web app', () => {
  let extra: Awaited<ReturnType<typeof shopWithExtras>>;
  beforeAll(async () => {
    extra = await shopWithExtras();
  });
  afterAll(async () => {
    await extra.close();
  });

  it('answers 500 with only a reference, and logs the error under that request id', async () => {
    const res = await extra.app.inject({ method: 'GET', url: '/api/test-failure' });
    expect(res.statusCode).toBe(500);
    const id = res.headers['x-request-id'];
    expect(res.json()).toEqual({
      error: { code: 'internal', message: `Something went wrong on our side. Reference: ${id}` },
    });
    expect(res.body).not.toMatch(/password|SQLITE|shop\.db|select/i);
    const logged = extra.logs().map((line) => JSON.parse(line));
    expect(logged).toContainEqual(
      expect.objectContaining({
        reqId: id,
        err: expect.objectContaining({ message: expect.stringContaining('SQLITE_CORRUPT') }),
      }),
    );
  });

  it.each(['/', '/parts', '/api/parts', '/api/no-such-thing', '/api/test-failure'])(
    'sends the security headers on %s',
    async (url) => {
      const res = await extra.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
      expect(scriptSrc).toMatch(/'self'/);
      expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    },
  );

  it('sends pages compressed when the browser takes it, and revalidates them by their ETag', async () => {
    const plain = await extra.app.inject({ method: 'GET', url: '/parts' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accepted, sent] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ]) {
      const page = await extra.app.inject({
        method: 'GET',
        url: '/parts',
        headers: { 'accept-encoding': accepted },
      });
      expect(page.headers['content-encoding']).toBe(sent);
      expect(page.headers.vary).toMatch(/accept-encoding/i);
      const body =
        sent === 'br' ? zlib.brotliDecompressSync(page.rawPayload) : zlib.gunzipSync(page.rawPayload);
      expect(body.toString()).toBe(plain.body);
    }
    const again = await extra.app.inject({
      method: 'GET',
      url: '/parts',
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves the web app on page routes, and never on /api', async () => {
    const page = await extra.app.inject({ method: 'GET', url: '/dashboard/my-orders' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<title>Shop</title>');
    const api = await extra.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
  });
});
