import { describe, expect, it } from 'vitest';
import type { ChangeFeed } from '../db/change-feed.js';
import { versionedCache } from './versioned-cache.js';

/** A change feed the test moves by hand; `undefined` is "cannot tell". */
function manualFeed(start: number | undefined) {
  let version = start;
  const feed: ChangeFeed = { version: () => version, catalogVersion: async () => 1, close: async () => {} };
  return { feed, set: (next: number | undefined) => (version = next) };
}

function countingBuild(prefix: string) {
  let builds = 0;
  return {
    build: async () => `${prefix}${++builds}`,
    get builds() {
      return builds;
    },
  };
}

describe('versioned cache', () => {
  it('answers from the cache while the version stays, and builds again once it moves', async () => {
    const { feed, set } = manualFeed(1);
    const cache = versionedCache<string>(feed, 10);
    const page = countingBuild('page-');
    expect(await cache.get('a', page.build)).toBe('page-1');
    expect(await cache.get('a', page.build)).toBe('page-1');
    expect(page.builds).toBe(1);
    set(2);
    expect(await cache.get('a', page.build)).toBe('page-2');
    expect(await cache.get('a', page.build)).toBe('page-2');
    expect(page.builds).toBe(2);
  });

  it('keeps nothing while the feed cannot tell whether data changed', async () => {
    const { feed, set } = manualFeed(undefined);
    const cache = versionedCache<string>(feed, 10);
    const page = countingBuild('page-');
    await cache.get('a', page.build);
    await cache.get('a', page.build);
    expect(page.builds).toBe(2);
    set(7);
    await cache.get('a', page.build);
    await cache.get('a', page.build);
    expect(page.builds).toBe(3);
  });

  it('lets requests that miss together share one build', async () => {
    const { feed } = manualFeed(1);
    const cache = versionedCache<string>(feed, 10);
    const page = countingBuild('page-');
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('a', page.build)));
    expect(new Set(answers)).toEqual(new Set(['page-1']));
    expect(page.builds).toBe(1);
  });

  it('does not keep a build that failed', async () => {
    const { feed } = manualFeed(1);
    const cache = versionedCache<string>(feed, 10);
    await expect(cache.get('a', async () => Promise.reject(new Error('database away')))).rejects.toThrow(
      'database away',
    );
    expect(await cache.get('a', async () => 'page')).toBe('page');
  });

  it('keeps separate keys apart and lets the least recently used go first', async () => {
    const { feed } = manualFeed(1);
    const cache = versionedCache<string>(feed, 2);
    const a = countingBuild('a-');
    const b = countingBuild('b-');
    const c = countingBuild('c-');
    await cache.get('a', a.build);
    await cache.get('b', b.build);
    await cache.get('a', a.build); // a is now more recent than b
    await cache.get('c', c.build); // so b goes
    await cache.get('a', a.build);
    await cache.get('b', b.build);
    expect([a.builds, b.builds, c.builds]).toEqual([1, 2, 1]);
  });
});
