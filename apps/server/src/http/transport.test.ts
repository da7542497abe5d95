import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createTestShop, type TestShop } from '../test-support/test-app.js';

let direct: TestShop;
let proxied: TestShop;
beforeAll(async () => {
  [direct, proxied] = await Promise.all([
    createTestShop({ demo: false }),
    createTestShop({ demo: false, env: { TRUST_PROXY: '127.0.0.1' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([direct.close(), proxied.close()]);
});

const behindTls = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };

describe('transport', () => {
  it('sends HSTS only over https, and believes X-Forwarded-* only from a trusted proxy', async () => {
    const viaProxy = await proxied.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: behindTls,
      remoteAddress: '127.0.0.1',
    });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await proxied.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '127.0.0.1' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const spoofed = await direct.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: behindTls,
      remoteAddress: '198.51.100.7',
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    const untrustedProxy = await proxied.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: behindTls,
      remoteAddress: '198.51.100.7',
    });
    expect(untrustedProxy.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps CORS closed: no other origin may read answers, and preflights find nothing', async () => {
    const read = await direct.app.inject({
      method: 'GET',
      url: '/api/parts',
      headers: { origin: 'https://evil.example' },
    });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await direct.app.inject({
      method: 'OPTIONS',
      url: '/api/purchase',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(404);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('reads TRUST_PROXY and REQUEST_TIMEOUT_SECONDS, and names a bad one', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({}).requestTimeoutSeconds).toBe(30);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '0' })).toThrow(/REQUEST_TIMEOUT_SECONDS/);
  });
});
