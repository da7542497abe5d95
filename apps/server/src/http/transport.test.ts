import { describe, expect } from 'vitest';
import { loadConfig } from '../config.js';
import { test } from '../test-support/fixture.js';

// A shop that trusts no proxy; one behind a trusted proxy is transport-proxy.test.ts.
const behindTls = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };

describe('transport', () => {
  test('believes no X-Forwarded-* without a trusted proxy: no HSTS for a spoofed https', async ({ as }) => {
    const spoofed = await as(null, { remoteAddress: '198.51.100.7' }).get('/api/health', behindTls);
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  test('keeps CORS closed: no other origin may read answers, and preflights find nothing', async ({
    shop,
    as,
  }) => {
    const read = await as(null).get('/api/parts', { origin: 'https://evil.example' });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await shop.app.inject({
      method: 'OPTIONS',
      url: '/api/purchase',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(404);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('reads TRUST_PROXY and REQUEST_TIMEOUT_SECONDS, and names a bad one', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({}).requestTimeoutSeconds).toBe(30);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '0' })).toThrow(/REQUEST_TIMEOUT_SECONDS/);
  });
});
