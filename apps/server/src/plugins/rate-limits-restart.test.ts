import { describe, expect } from 'vitest';
import { test } from '../test-support/fixture.js';
import { anotherServer } from '../test-support/test-app.js';

// Beside rate-limits.test.ts: three failed logins an email; the second server (in the test) alike.
const env = { RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '3' };
test.override('shopOptions', { demo: false, env });

describe('the failed-login limit', () => {
  test('survives a restart: a new server on the same database still refuses', async ({ shop, as, buyer }) => {
    const fail = () => as(null).post('/api/auth/login', { email: buyer.email, password: 'wrong password!' });
    for (let i = 0; i < 3; i++) expect((await fail()).statusCode).toBe(401);
    expect((await fail()).statusCode).toBe(429);

    // A second server (or the same one restarted) on the same database.
    const restarted = await anotherServer(shop, env);
    try {
      const refused = await restarted.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: buyer.email, password: buyer.password },
      });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await restarted.close();
    }
  });
});
