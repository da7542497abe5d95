import { describe, expect } from 'vitest';
import { TEST_REDIS_URL, redisProxyTest as test } from '../test-support/redis.js';

// Beside rate-limits-redis.test.ts: Redis is down (its proxy cut) before the shop starts; the
// fixture closes the shop with Redis still down.
test.override('cutAtStart', true);
test.override('shopOptions', { demo: false, env: { RATE_LIMIT_MESSAGES_PER_IP: '1' } });

describe.runIf(TEST_REDIS_URL)('limits counted in Redis', () => {
  test('start while Redis is down, counting on their own, and close without waiting for it', async ({
    as,
    logged,
  }) => {
    expect(logged.some((line) => line.msg.startsWith('Redis does not answer at start'))).toBe(true);
    const message = () =>
      as(null, { remoteAddress: '10.9.0.1' }).post('/api/messages', {
        kind: 'contact',
        email: 'buyer@example.com',
        message: 'Do you ship to Chittagong?',
      });
    expect((await message()).statusCode).toBe(201);
    expect((await message()).statusCode).toBe(429);
  });
});
