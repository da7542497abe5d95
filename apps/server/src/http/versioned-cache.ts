import type { FastifyReply } from 'fastify';
import type { ChangeFeed } from '../db/change-feed.js';

/**
 * Answers kept while the data they were built from has not changed: each entry remembers the
 * change feed's version it was built at and is used only while the version is the same. Requests
 * that miss together share one build. At most `maxEntries` are kept, the least recently used go.
 */
export interface VersionedCache<T> {
  get(key: string, build: () => Promise<T>): Promise<T>;
}

export function versionedCache<T>(changes: ChangeFeed, maxEntries: number): VersionedCache<T> {
  const entries = new Map<string, { version: number; value: Promise<T> }>();
  return {
    get(key, build) {
      const version = changes.version();
      if (version === undefined) return build();
      const entry = entries.get(key);
      if (entry && entry.version === version) {
        // Map keeps insertion order: moving the entry to the end makes the first the least recent.
        entries.delete(key);
        entries.set(key, entry);
        return entry.value;
      }
      const value = build();
      entries.delete(key);
      entries.set(key, { version, value });
      // A failed build is not kept: the next request tries again.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return value;
    },
  };
}

/** How many answers a public read keeps (pages of at most 100 parts: a few MB at most). */
export const CACHED_ANSWERS = 500;

/** A JSON answer kept as its UTF-8 bytes (written out as they are), with the `x-total-count` of a list. */
export interface CachedJson {
  body: Buffer;
  total?: number;
}

export function sendCachedJson(reply: FastifyReply, answer: CachedJson): FastifyReply {
  if (answer.total !== undefined) reply.header('x-total-count', String(answer.total));
  return reply.type('application/json; charset=utf-8').send(answer.body);
}
