import { describe, expect } from 'vitest';
import { test as base } from '../test-support/fixture.js';

// A shop whose database is gone is server-failure.test.ts; one with a web app and a failing
// handler failing-handler.test.ts.
base.override('shopOptions', { demo: true });

/** `login(contentType, payload)`: a sign-in body sent as that content type (none for undefined). */
const test = base.extend(
  'login',
  { scope: 'file' },
  ({ as }) =>
    (contentType: string | undefined, payload: string) =>
      as(null).post(
        '/api/auth/login',
        payload,
        contentType === undefined ? {} : { 'content-type': contentType },
      ),
);

describe('the HTTP ground rules of docs/api.md', () => {
  test('answers unknown /api paths with a JSON 404, never the web app', async ({ shop }) => {
    for (const url of ['/api/nothing-here', '/api/parts/extra', '/api/']) {
      const res = await shop.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().error).toEqual({ code: 'not_found', message: expect.any(String) });
    }
  });

  test('refuses a body over 1 MiB with 413', async ({ shop }) => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({ code: 'too_large', message: 'The request body is too large' });
    const declared = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) },
      payload: '{}',
    });
    expect(declared.statusCode).toBe(413);
  });

  const credentials = '{"email":"nobody@example.com","password":"long enough"}';

  test.for([
    undefined,
    'text/plain',
    'text/json',
    'application/xml',
    'application/jsonx',
    'application/vnd.api+json',
    'multipart/form-data; boundary=x',
  ])('refuses content-type %s with 415 in the error shape', async (contentType, { login }) => {
    const res = await login(contentType, credentials);
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toEqual({ code: 'unsupported_media_type', message: expect.any(String) });
  });

  test.for(['application/json; charset=utf-8', 'Application/JSON'])(
    'reads JSON sent as %s (the login is then judged on its merits: 401)',
    async (contentType, { login }) => {
      expect((await login(contentType, credentials)).statusCode).toBe(401);
    },
  );

  test.for<[string, string]>([
    ['', 'The JSON body is empty'],
    ['{"email": ', 'The body is not valid JSON'],
    [`${credentials}garbage`, 'The body is not valid JSON'],
    ["{'email': 'a@example.com'}", 'The body is not valid JSON'],
    ['null', 'body expected object, received null'],
    ['[]', 'body expected object, received array'],
    ['"text"', 'body expected object, received string'],
  ])('refuses the JSON body %j with 400 validation', async ([payload, message], { login }) => {
    const res = await login('application/json', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'validation', message });
  });

  test('refuses a body that is not JSON with 415, and broken JSON with 400', async ({ shop }) => {
    const text = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@example.com',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe('unsupported_media_type');
    const form = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a@example.com',
    });
    expect(form.statusCode).toBe(415);
    const broken = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toEqual({ code: 'validation', message: 'The body is not valid JSON' });
  });

  test('never lets __proto__ or constructor keys reach an object', async ({ shop }) => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload:
        '{"email":"a@example.com","password":"long enough","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    });
    expect(res.statusCode).toBe(401);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const nested = await shop.app.inject({
      method: 'POST',
      url: '/api/messages',
      payload:
        '{"kind":"contact","email":"a@example.com","message":"Hi","__proto__":{"isAdmin":true},"a":{"__proto__":{"isAdmin":true}}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(nested.statusCode).toBe(201);
    const query = await shop.app.inject({
      method: 'GET',
      url: '/api/parts?__proto__[limit]=1&constructor=x&limit=2',
    });
    expect(query.statusCode).toBe(200);
    expect(query.json()).toHaveLength(2);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).limit).toBeUndefined();
  });

  test('answers an address that is not valid percent-encoding with a 400 in the error shape', async ({
    shop,
  }) => {
    for (const url of ['/api/%', '/api/parts%E0%A4%A', '/%ZZ']) {
      const res = await shop.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toEqual({ code: 'validation', message: expect.any(String) });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  test('refuses control characters (PostgreSQL refuses NUL) with 400, in bodies and queries', async ({
    shop,
  }) => {
    const body = await shop.app.inject({
      method: 'POST',
      url: '/api/messages',
      payload: { kind: 'complaint', name: 'Nasir\u0000', message: 'Fine', consent: true },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().error.message).toBe('name must not contain control characters');
    const query = await shop.app.inject({ method: 'GET', url: '/api/parts?q=a%00b' });
    expect(query.statusCode).toBe(400);
    const lines = await shop.app.inject({
      method: 'POST',
      url: '/api/messages',
      payload: { kind: 'contact', email: 'a@example.com', message: 'Line one\nLine two\ttabbed' },
    });
    expect(lines.statusCode).toBe(201);
  });

  test('sends the security headers on API answers', async ({ shop }) => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/parts?limit=1' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBeTruthy();
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('makes its own request id, whatever the client sends', async ({ shop }) => {
    const res = await shop.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'mine' },
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('serves the OpenAPI document generated from the contract', async ({ shop }) => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/parts',
      '/api/partsById',
      '/api/review',
      '/api/auth/login',
      '/api/users',
      '/api/parts/{id}/incoming',
      '/api/parts/{id}/receive',
      '/api/purchaseById/{id}/shipments',
      '/api/purchaseById/{id}/shipments/{shipmentId}',
      '/api/purchaseById/{id}/lines/{partsId}/cancel-backorder',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    // A route that reads its own body (a multipart form) shows it too, beside its JSON.
    const bom = doc.paths['/api/bom'].post.requestBody.content;
    expect(Object.keys(bom).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(bom['multipart/form-data'].schema).toMatchObject({
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary' }, mapping: { type: 'string' } },
    });
    expect(bom['application/json'].schema.required).toEqual(['text']);
    const page = await shop.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).not.toMatch(/<script>|<script [^>]*>[^<\s]/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
  });

  test('answers the health check while the database answers', async ({ shop }) => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
