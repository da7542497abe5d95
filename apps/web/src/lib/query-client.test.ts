import { describe, expect, it } from 'vitest';
import { CACHE_TIME_MS, createQueryClient, MAX_RETRIES, retryDelay } from './query-client';

describe('the data-fetch cache of docs/product.md §9', () => {
  it('keeps data 5 minutes and retries 3 times, the delay doubling up to 30 s', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.staleTime).toBe(CACHE_TIME_MS);
    expect(CACHE_TIME_MS).toBe(300_000);
    expect(MAX_RETRIES).toBe(3);
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
