import { describe, expect, vi } from 'vitest';
import { messageTo, TEST_REDIS_URL, redisProxyTest as test } from '../test-support/redis.js';

// Beside rate-limits-redis.test.ts: Redis behind a proxy the test cuts and restores; Redis down
// at the start is rate-limits-redis-down.test.ts.
test.override('shopOptions', { demo: false, env: { RATE_LIMIT_MESSAGES_PER_IP: '2' } });

describe.runIf(TEST_REDIS_URL)('limits counted in Redis', () => {
  test('are counted on each server while Redis is away (one warning), and in Redis again when it is back', async ({
    shop,
    proxy,
    logged,
    prefix: keyPrefix,
    redis,
  }) => {
    expect((await messageTo(shop.app)).statusCode).toBe(201);
    await proxy.cut();
    // Nothing is refused for Redis being away: this server counts the window afresh in its memory.
    const during = [];
    for (let i = 0; i < 3; i++) during.push((await messageTo(shop.app)).statusCode);
    expect(during).toEqual([201, 201, 429]);
    const health = await shop.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const warnings = logged.filter((line) => line.msg.startsWith('Redis does not answer'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.level).toBe(40);

    await proxy.restore();
    // Once the client has reconnected (it retries on its own, every 2 s at most), Redis counts
    // again, from the count made before the outage: one more message, then the limit holds.
    await vi.waitFor(
      async () => {
        await messageTo(shop.app);
        expect(logged.map((line) => line.msg)).toContain('Redis answers again: rate limits are shared again');
      },
      { timeout: 20_000, interval: 250 },
    );
    expect((await messageTo(shop.app)).statusCode).toBe(429);
    expect(await redis.get(`${keyPrefix}messages-ip:10.9.0.1`)).toBe('3');
  });
});
