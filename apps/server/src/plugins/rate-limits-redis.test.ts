import { describe, expect } from 'vitest';
import { messageTo, redisTest, TEST_REDIS_URL } from '../test-support/redis.js';
import { anotherServer } from '../test-support/test-app.js';

// Limits counted in Redis (one configuration a file): through two servers here; windows of a
// second, failed logins, and Redis away are rate-limits-redis-*.test.ts.
const env = { RATE_LIMIT_MESSAGES_PER_IP: '7' };
redisTest.override('shopOptions', { demo: false, env });
/** `second`: another server counting in the same Redis under the same prefix. */
const test = redisTest.extend(
  'second',
  { scope: 'file' },
  async ({ shop, redisUrl, prefix }, { onCleanup }) => {
    const second = await anotherServer(shop, { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix, ...env });
    onCleanup(() => second.close());
    return second;
  },
);

describe.runIf(TEST_REDIS_URL)('limits counted in Redis', () => {
  test('admit exactly the maximum of 50 parallel requests through two servers, in keys Redis expires, under the prefix', async ({
    shop,
    second,
    prefix: keyPrefix,
    redis: client,
  }) => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => messageTo(i % 2 === 0 ? shop.app : second)),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(7);
    const refused = answers.filter((res) => res.statusCode !== 201);
    expect(refused).toHaveLength(43);
    for (const res of refused) {
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe('rate_limited');
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(599);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(600);
    }
    // The key lives in Redis under the prefix and the limit's name, holds the count, and expires
    // with its window.
    expect(await client.get(`${keyPrefix}messages-ip:10.9.0.1`)).toBe('50');
    const ttl = await client.pttl(`${keyPrefix}messages-ip:10.9.0.1`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(600_000);
  });
});
