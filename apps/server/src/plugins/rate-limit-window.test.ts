import { describe, expect, vi } from 'vitest';
import { test } from '../test-support/fixture.js';

// Beside rate-limits.test.ts: windows of one second, one message in each.
test.override('shopOptions', {
  demo: false,
  env: { RATE_LIMIT_MESSAGES_PER_IP: '1', RATE_LIMIT_WINDOW_SECONDS: '1' },
});

const MESSAGE = { kind: 'contact', email: 'buyer@example.com', message: 'Do you ship to Chittagong?' };

describe('a limit', () => {
  test('admits again once its window has ended', async ({ as }) => {
    const message = () => as(null, { remoteAddress: '10.9.0.1' }).post('/api/messages', MESSAGE);
    // Windows of one second: however slow the machine, a refusal comes, and then an end to it.
    const eventually = { timeout: 15_000, interval: 50 };
    await vi.waitFor(async () => expect((await message()).statusCode).toBe(429), eventually);
    await vi.waitFor(async () => expect((await message()).statusCode).toBe(201), eventually);
  });
});
