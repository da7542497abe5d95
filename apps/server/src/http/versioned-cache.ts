import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeFeed } from '../db/change-feed.js';

/**
 * Answers kept while the data they were built from has not changed: each entry remembers the
 * change feed's version it was built at and is used only while the version is the same. Requests
 * that miss together share one build. At most `maxEntries` are kept, the least recently used go.
 */
export interface VersionedCache<T> {
  get(key: string, build: () => Promise<T>): Promise<T>;
  /**
   * The entry's value if it is built and still current, without waiting and without building:
   * for answering before any routing (`http/cached-reads.ts`). Counts as a use of the entry.
   */
  peek(key: string): T | undefined;
}

interface Entry<T> {
  version: number;
  value: Promise<T>;
  /** Set once the build has finished. */
  built?: { value: T };
}

export function versionedCache<T>(changes: ChangeFeed, maxEntries: number): VersionedCache<T> {
  const entries = new Map<string, Entry<T>>();
  return {
    peek(key) {
      const entry = entries.get(key);
      if (!entry?.built) return undefined;
      const version = changes.version();
      if (version === undefined || entry.version !== version) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.built.value;
    },
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
      const fresh: Entry<T> = { version, value };
      entries.delete(key);
      entries.set(key, fresh);
      // A failed build is not kept: the next request tries again.
      value.then(
        (built) => {
          fresh.built = { value: built };
        },
        () => {
          if (entries.get(key)?.value === value) entries.delete(key);
        },
      );
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return value;
    },
  };
}

/** How many answers a public read keeps (pages of at most 100 parts, about 40 KB each: some 20 MB at most). */
export const CACHED_ANSWERS = 500;

/** A JSON answer kept as its UTF-8 bytes (written out as they are), with the `x-total-count` of a list. */
export interface CachedJson {
  body: Buffer;
  total?: number;
  /** Compressed forms, made the first time a client asks for them and kept with the answer. */
  br?: Buffer;
  gzip?: Buffer;
}

/** Below this size compressing is not worth it (as for every other answer of the shop). */
export const COMPRESS_THRESHOLD = 1024;

/**
 * The encoding to send for an `accept-encoding` header: brotli, else gzip, else none. An
 * encoding with `q=0` is refused; `*` stands for any encoding not named.
 */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weight('br');
  const gzip = weight('gzip');
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : undefined;
}

/** The answer in that encoding, compressed the first time it is asked for. */
export function compressed(answer: CachedJson, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br') {
    answer.br ??= brotliCompressSync(answer.body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    });
    return answer.br;
  }
  answer.gzip ??= gzipSync(answer.body);
  return answer.gzip;
}

/**
 * Route options of a read answered by `sendCachedJson`: it compresses its answers itself (once
 * each), so @fastify/compress's hooks, which would run on every request to find that out, are left
 * off, and a GET has no body to decompress.
 */
export const CACHED_ROUTE = { compress: false, decompress: false } as const;

/** Sends a kept answer, compressed once for all clients that accept it rather than per request. */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedJson,
): FastifyReply {
  if (answer.total !== undefined) reply.header('x-total-count', String(answer.total));
  reply.type('application/json; charset=utf-8');
  if (answer.body.length < COMPRESS_THRESHOLD) return reply.send(answer.body);
  reply.header('vary', 'accept-encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(answer.body);
  return reply.header('content-encoding', encoding).send(compressed(answer, encoding));
}
