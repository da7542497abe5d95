import { describe, expect } from 'vitest';
import { test } from '../../test-support/fixture.js';
import { databaseRateLimitStore } from './failure-windows.js';

describe('the windows of failed password checks', () => {
  test('takes a place in every window or in none, exactly up to each maximum, and gives places back', async ({
    shop,
  }) => {
    const store = databaseRateLimitStore(shop.database.db);
    const minute = 60_000;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => store.reserve([{ key: 'a', max: 5, windowMs: minute }])),
    );
    const held = results.filter((r) => 'held' in r);
    expect(held).toHaveLength(5);
    const full = results.find((r) => 'fullUntil' in r);
    expect(full && 'fullUntil' in full && full.fullUntil).toBeGreaterThan(Date.now());

    // 'a' is full: nothing is taken in 'b' either.
    const both = [
      { key: 'b', max: 1, windowMs: minute },
      { key: 'a', max: 5, windowMs: minute },
    ];
    expect(await store.reserve(both)).toHaveProperty('fullUntil');
    // A place given back in 'a' lets the pair in, once.
    const first = held[0];
    if (!first || !('held' in first)) throw new Error('no place held');
    await store.release(first.held);
    const pair = await store.reserve(both);
    expect(pair).toHaveProperty('held');
    expect(await store.reserve([{ key: 'b', max: 1, windowMs: minute }])).toHaveProperty('fullUntil');

    // A window that has ended starts again.
    expect(await store.reserve([{ key: 'short', max: 1, windowMs: 1 }])).toHaveProperty('held');
    await new Promise((r) => setTimeout(r, 5));
    expect(await store.reserve([{ key: 'short', max: 1, windowMs: 1 }])).toHaveProperty('held');
  });
});
