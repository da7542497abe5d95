import { describe, expect } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { test } from '../../test-support/fixture.js';

// Beside routes.test.ts: a shop that allows 3 failed logins an email.
test.override('shopOptions', { demo: false, env: { RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '3' } });

describe('rate limits', () => {
  test('limit failed logins per email, then answer 429 with retry-after even for the right password', async ({
    shop,
    as,
  }) => {
    const account = await signUp(shop.app);
    const login = (password: string) => as(null).post('/api/auth/login', { email: account.email, password });
    for (let i = 0; i < 3; i++) expect((await login('wrong password')).statusCode).toBe(401);
    const blocked = await login(account.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('rate_limited');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // another account from the same address is not blocked by this one's failures
    const other = await signUp(shop.app);
    const res = await as(null).post('/api/auth/login', { email: other.email, password: other.password });
    expect(res.statusCode).toBe(200);
  });
});
