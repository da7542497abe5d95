import { describe, expect } from 'vitest';
import { TEST_REDIS_URL, redisTest as test } from '../test-support/redis.js';

// Beside rate-limits-redis.test.ts: a shop counting in Redis under a prefix nothing else in this
// file writes to.
test.override('shopOptions', { demo: false });

describe.runIf(TEST_REDIS_URL)('limits counted in Redis', () => {
  test('keep failed logins in the database, not in Redis', async ({ shop, as, prefix, redis }) => {
    const failed = await as(null).post('/api/auth/login', {
      email: 'nobody@example.com',
      password: 'wrong password!',
    });
    expect(failed.statusCode).toBe(401);
    const inDatabase = await shop.database.db.selectFrom('rate_limit_windows').select('key').execute();
    expect(inDatabase.map((row) => row.key)).toContain('login-fail-email:nobody@example.com');
    expect(await redis.keys(`${prefix}*`)).toEqual([]);
  });
});
