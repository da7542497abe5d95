import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  onRequestHookHandler,
  onSendHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { ChangeFeed, ReadTopic } from '../db/change-feed.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** How many answers were given from the kept ones, and how many were kept (since start). */
    publicCacheStats: { hits: number; kept: number };
  }
  interface FastifyContextConfig {
    /**
     * The route's answers are the same for every visitor and kept until a write changes what
     * they show (`http/public-cache.ts`): the topic of the change feed they depend on.
     */
    publicCache?: ReadTopic;
  }
}

/** Below this size compressing is not worth it (for every answer of the shop). */
export const COMPRESS_THRESHOLD = 1024;

/**
 * How many answers are kept (a page of at most 100 parts is about 40 KB, less compressed: some
 * 40 MB at most), the least recently used going first.
 */
export const KEPT_ANSWERS = 1000;

/** An answer as the route sent it: its own headers (not the ones every answer gets) and its bytes. */
interface Kept {
  version: number;
  headers: [string, string | number | string[]][];
  payload: Buffer;
}

/** Not kept: set anew for each answer. */
const UNKEPT_HEADERS = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * Public reads kept for every visitor, inside Fastify's request path: a route opts in with
 * `config: { publicCache: 'parts' | 'reviews' }`.
 *
 * - `onRequest` (of those routes alone, after the shop's own onRequest hooks: security headers,
 *   request id) answers a kept answer when there is one for the URL and the client's
 *   accept-encoding, kept at the change feed's current version of the route's topic. Routing,
 *   the access log and every header the shop sets on all answers stay Fastify's, as for any
 *   answer; validation, the handler and serialisation are skipped (the URL was validated when
 *   the answer was made).
 * - `onSend` keeps what the route sent: a 200 to a GET without authorization, as serialised by
 *   the route's response schema and compressed by @fastify/compress (which this plugin follows,
 *   so its hook runs first), with the headers the route and the compression set. Keyed by the
 *   accept-encoding header as sent, a kept answer is compressed once, and @fastify/compress's
 *   own choice of encoding is the only one there is.
 * - A signed-in request (authorization header) is never answered from nor kept: its answer
 *   carries `no-store`. Nor is a HEAD (Fastify answers it from the GET route, without a body).
 *
 * Read-your-own-writes: where the change feed learns of commits late (PostgreSQL's
 * notifications), each successful answer to a write (any method but GET and HEAD, status below
 * 400) tells it `wroteHere()` before it goes out, so that no answer kept before that write is
 * given after it by this server. That decision lives here and in db/change-feed.ts alone.
 *
 * Register it after @fastify/compress and before the routes (it sees routes as they are added).
 */
export const publicCache = fp(
  async (app: FastifyInstance, options: { changes: ChangeFeed; maxEntries?: number }) => {
    const { changes } = options;
    const maxEntries = options.maxEntries ?? KEPT_ANSWERS;
    const kept = new LRUCache<string, Kept>({ max: maxEntries });
    const stats = { hits: 0, kept: 0 };
    app.decorate('publicCacheStats', stats);
    /** The requests that found nothing kept: the version read before their data, and their key. */
    const misses = new WeakMap<FastifyRequest, { key: string; version: number; before: Set<string> }>();

    const keyOf = (request: FastifyRequest) => `${request.headers['accept-encoding'] ?? ''}\n${request.url}`;
    const keepable = (request: FastifyRequest) =>
      request.method === 'GET' &&
      request.headers.authorization === undefined &&
      // @fastify/compress leaves such an answer uncompressed whatever the client accepts.
      request.headers['x-no-compression'] === undefined;

    function onRequestOf(topic: ReadTopic): onRequestHookHandler {
      return function answerKept(
        request: FastifyRequest,
        reply: FastifyReply,
        done: HookHandlerDoneFunction,
      ) {
        if (!keepable(request)) return done();
        const version = changes.version(topic);
        if (version === undefined) return done();
        const key = keyOf(request);
        const answer = kept.get(key);
        if (answer?.version === version) {
          for (const [name, value] of answer.headers) reply.header(name, value);
          stats.hits++;
          reply.send(answer.payload);
          return;
        }
        misses.set(request, { key, version, before: new Set(Object.keys(reply.getHeaders())) });
        done();
      };
    }

    const keepAnswer: onSendHookHandler = (request, reply, payload, done) => {
      const miss = misses.get(request);
      if (!miss) return done(null, payload);
      misses.delete(request);
      if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
        return done(null, payload);
      }
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      // Big enough to be compressed: the answer depends on accept-encoding, whether or not this
      // client took compression (@fastify/compress says so only when it compresses).
      if (
        body.length >= COMPRESS_THRESHOLD &&
        !/accept-encoding/i.test(String(reply.getHeader('vary') ?? ''))
      ) {
        const vary = reply.getHeader('vary');
        reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
      }
      const headers = Object.entries(reply.getHeaders()).flatMap(([name, value]) =>
        miss.before.has(name) || UNKEPT_HEADERS.has(name) || value === undefined
          ? []
          : [[name, value] as [string, string | number | string[]]],
      );
      kept.set(miss.key, { version: miss.version, headers, payload: body });
      stats.kept++;
      done(null, body);
    };

    const wroteHere = changes.wroteHere;
    const tellWrite: onSendHookHandler | undefined =
      wroteHere &&
      ((_request, reply, payload, done) => {
        if (reply.statusCode < 400) wroteHere();
        done(null, payload);
      });

    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = [route.method].flat();
      const reads = methods.every((method) => method === 'GET' || method === 'HEAD');
      if (!reads && tellWrite) route.onSend = [...hooksOf(route.onSend), tellWrite];
      const topic = route.config?.publicCache;
      if (!topic) return;
      route.onRequest = [...hooksOf(route.onRequest), onRequestOf(topic)];
      route.onSend = [...hooksOf(route.onSend), keepAnswer];
    });
  },
  { name: 'public-cache', fastify: '5.x', dependencies: ['@fastify/compress'] },
);

function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}
