import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../test-support/test-app.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop.close();
});

const inject = (options: InjectOptions) => shop.app.inject(options);

describe('the HTTP ground rules of API.md', () => {
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
    expect(res.json().error.code).toBe('too_large');
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

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/api/parts', '/api/partsById', '/api/review', '/api/auth/login', '/api/users']) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
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
