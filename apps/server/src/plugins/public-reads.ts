import fp from 'fastify-plugin';
import { answerCachedReadsFirst, type CachedReads, cachedReads } from '../http/cached-reads.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The public reads answered from their kept bytes before routing (http/cached-reads.ts). */
    publicReads: CachedReads;
  }
}

/** Public reads are cached until a write (from any server) changes what they show. */
export const publicReadsPlugin = fp(
  async (app) => {
    // A write this server answered has committed: a read after it, from the same client or anyone,
    // is not answered from a cache kept before it (on PostgreSQL the notification may lag; SQLite's
    // feed needs no hook on every answer).
    const { wroteHere } = app.changes;
    if (wroteHere) {
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) wroteHere();
        return payload;
      });
    }
    // Their answers, once kept, go out before Fastify's routing (http/cached-reads.ts).
    const reads = cachedReads({ trustProxy: app.config.trustProxy, log: app.log });
    answerCachedReadsFirst(app, reads);
    app.decorate('publicReads', reads);
  },
  { name: 'public-reads', dependencies: ['config', 'change-feed'] },
);
