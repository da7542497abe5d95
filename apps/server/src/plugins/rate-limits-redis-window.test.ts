import { describe, expect, vi } from 'vitest';
import { messageTo, TEST_REDIS_URL, redisTest as test } from '../test-support/redis.js';

// Beside rate-limits-redis.test.ts: windows of one second, one message in each.
test.override('shopOptions', {
  demo: false,
  env: { RATE_LIMIT_MESSAGES_PER_IP: '1', RATE_LIMIT_WINDOW_SECONDS: '1' },
});

describe.runIf(TEST_REDIS_URL)('limits counted in Redis', () => {
  test('let an address in again once its window has ended', async ({ shop }) => {
    // Windows of one second: however slow the machine, a refusal comes, and then an end to it.
    const eventually = { timeout: 15_000, interval: 50 };
    await vi.waitFor(async () => expect((await messageTo(shop.app)).statusCode).toBe(429), eventually);
    await vi.waitFor(async () => expect((await messageTo(shop.app)).statusCode).toBe(201), eventually);
  });
});
