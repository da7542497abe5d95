import etag from '@fastify/etag';
import fp from 'fastify-plugin';

/**
 * ETags on answers (@fastify/etag): a GET whose answer has not changed since the client's copy
 * (`if-none-match`) gets 304 and no body. Weak tags, as the same answer goes out compressed or
 * not. An answer that sets its own ETag keeps it (a quote's, which names its offer for `If-Match`).
 * Before compression: the tag is of the answer, not of its compressed bytes.
 */
export const etagPlugin = fp(
  async (app) => {
    await app.register(etag, { weak: true });
  },
  { name: 'etag' },
);
