import { describe, expect } from 'vitest';
import { test } from '../test-support/fixture.js';

// Beside transport.test.ts: a shop behind a proxy it trusts.
test.override('shopOptions', { demo: false, env: { TRUST_PROXY: '127.0.0.1' } });

const behindTls = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };

describe('transport behind a trusted proxy', () => {
  test('sends HSTS only over https, and believes X-Forwarded-* only from the trusted proxy', async ({
    as,
  }) => {
    const proxy = as(null, { remoteAddress: '127.0.0.1' });
    const viaProxy = await proxy.get('/api/health', behindTls);
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await proxy.get('/api/health');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const untrustedProxy = await as(null, { remoteAddress: '198.51.100.7' }).get('/api/health', behindTls);
    expect(untrustedProxy.headers['strict-transport-security']).toBeUndefined();
  });
});
