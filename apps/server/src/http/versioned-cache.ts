import { LRUCache } from 'lru-cache';
import type { ChangeFeed } from '../db/change-feed.js';

/**
 * Values kept while the data they were built from has not changed: each entry remembers the
 * change feed's version it was built at (of every public read: `changes.version()`) and is used
 * only while the version is the same. Requests that miss together share one build. At most
 * `maxEntries` are kept, the least recently used go. (The rendered pages use it; the public API
 * answers are kept by http/public-cache.ts.)
 */
export interface VersionedCache<T> {
  get(key: string, build: () => Promise<T>): Promise<T>;
}

interface Entry<T> {
  version: number;
  value: Promise<T>;
}

export function versionedCache<T>(changes: ChangeFeed, maxEntries: number): VersionedCache<T> {
  const entries = new LRUCache<string, Entry<T>>({ max: maxEntries });
  return {
    get(key, build) {
      const version = changes.version();
      if (version === undefined) return build();
      const entry = entries.get(key);
      if (entry && entry.version === version) return entry.value;
      const value = build();
      entries.set(key, { version, value });
      // A failed build is not kept: the next request tries again.
      value.catch(() => {
        if (entries.peek(key)?.value === value) entries.delete(key);
      });
      return value;
    },
  };
}
