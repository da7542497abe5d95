import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import type pino from 'pino';
import { accessLoggerOf } from './logging.js';
import { HSTS, SECURITY_HEADERS } from './security-headers.js';
import {
  type CachedJson,
  COMPRESS_THRESHOLD,
  compressed,
  preferredEncoding,
  type VersionedCache,
} from './versioned-cache.js';

/**
 * The public reads (`GET /api/parts`, `/api/partsById`, `/api/review`) answered from their kept
 * bytes as the request arrives, before Fastify routes it: no routing, no request and reply objects,
 * no hooks, and the headers written as one flat list (an object of 17 headers made per request
 * cost as much as the rest of a cached read: bench/RESULTS.md).
 *
 * Only what the routed path has already answered is answered here: the routed handler notes each
 * URL it answered from a cache (`remember`), and a later GET of exactly that URL is answered from
 * the same entry while the change feed says it is current. Anything else (another method, a body,
 * an unknown URL, an entry out of date or not built yet, a server that is closing) goes on to
 * Fastify, which answers as always. The answer is the routed one byte for byte: the same security
 * headers and request id, the same compression, the same access line (`cached-reads.test.ts`).
 */
export interface CachedReads {
  /** `url` is answered by `key` of `answers` (called by the routed handler when it has answered it). */
  remember(url: string, answers: VersionedCache<CachedJson>, key: string): void;
  /** Answers the request and says true, or leaves it alone and says false. */
  answer(request: IncomingMessage, response: ServerResponse): boolean;
}

/** How many URLs are remembered (the caches behind them keep 500 answers each). */
export const REMEMBERED_URLS = 1000;

const STATUS_OK = { statusCode: 200 } as const;
const SECURITY_HEADER_LIST = Object.entries(SECURITY_HEADERS).flat();
const JSON_TYPE = 'application/json; charset=utf-8';

export function cachedReads(options: {
  trustProxy: boolean | string;
  log: FastifyInstance['log'];
  max?: number;
}): CachedReads & { close(): void } {
  const max = options.max ?? REMEMBERED_URLS;
  const urls = new Map<string, { answers: VersionedCache<CachedJson>; key: string }>();
  let closing = false;
  // Whose X-Forwarded-* to believe, as Fastify decides it for `request.ip` and `request.protocol`.
  const { trustProxy } = options;
  const trusted =
    trustProxy === true
      ? () => true
      : typeof trustProxy === 'string'
        ? proxyAddr.compile(trustProxy.split(',').map((value) => value.trim()))
        : undefined;
  const accessLog = accessLoggerOf(options.log as pino.Logger);

  const lastOf = (header: string) => {
    const comma = header.lastIndexOf(',');
    return comma === -1 ? header.trim() : header.slice(comma + 1).trim();
  };
  const isHttps = (request: IncomingMessage) => {
    const forwarded = request.headers['x-forwarded-proto'];
    if (trusted && typeof forwarded === 'string' && trusted(request.socket.remoteAddress ?? '', 0)) {
      return lastOf(forwarded) === 'https';
    }
    return (request.socket as TLSSocket).encrypted === true;
  };
  const clientAddress = (request: IncomingMessage) => {
    if (!trusted) return request.socket.remoteAddress;
    const all = proxyAddr.all(request, trusted);
    return all[all.length - 1];
  };

  return {
    remember(url, answers, key) {
      const known = urls.get(url);
      if (known?.answers === answers && known.key === key) return;
      urls.delete(url);
      urls.set(url, { answers, key });
      if (urls.size > max) urls.delete(urls.keys().next().value as string);
    },

    answer(request, response) {
      if (closing || request.method !== 'GET') return false;
      const url = request.url ?? '';
      const known = urls.get(url);
      if (!known) return false;
      // A GET with a body is Fastify's to judge; a signed-in one is answered there, with no-store.
      const { headers } = request;
      if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
      if (headers.authorization !== undefined) return false;
      const answer = known.answers.peek(known.key);
      if (!answer) return false;
      const start = performance.now();
      const id = randomUUID();
      // In the order the routed path sets them: security headers and id (onRequest), then the
      // answer's. A flat list, not an object: Node writes it as it is, where an object built per
      // request (17 keys) cost about as much as the rest of the answer.
      const out = SECURITY_HEADER_LIST.slice();
      out.push('x-request-id', id);
      if (isHttps(request)) out.push('strict-transport-security', HSTS);
      if (answer.total !== undefined) out.push('x-total-count', String(answer.total));
      out.push('content-type', JSON_TYPE);
      let body = answer.body;
      if (body.length >= COMPRESS_THRESHOLD) {
        out.push('vary', 'accept-encoding');
        const encoding = preferredEncoding(headers['accept-encoding']);
        if (encoding) {
          out.push('content-encoding', encoding);
          body = compressed(answer, encoding);
        }
      }
      out.push('content-length', String(body.length));
      response.writeHead(200, out);
      response.end(body);
      accessLog.info(
        {
          reqId: id,
          req: { method: 'GET', url, ip: clientAddress(request) },
          res: STATUS_OK,
          responseTime: performance.now() - start,
        },
        'request completed',
      );
      return true;
    },

    close() {
      closing = true;
      urls.clear();
    },
  };
}

/**
 * Puts `reads` in front of the app's routing on its HTTP server: each request is offered to it
 * first, and goes to Fastify (`app.routing`) when it is not answered. `app.inject` goes to Fastify
 * directly, so the API tests keep testing the routed path. Once the app starts closing, everything
 * goes to Fastify, which refuses new requests with 503.
 */
export function answerCachedReadsFirst(app: FastifyInstance, reads: CachedReads & { close(): void }): void {
  const server = app.server;
  if (!server.listeners('request').includes(app.routing)) {
    throw new Error("the HTTP server's request listener is not Fastify's routing");
  }
  server.removeListener('request', app.routing);
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!reads.answer(request, response)) app.routing(request, response);
  });
  app.addHook('preClose', (done) => {
    reads.close();
    done();
  });
}
