import compress from '@fastify/compress';
import fp from 'fastify-plugin';
import { COMPRESS_THRESHOLD } from '../http/public-cache.js';

/** Answers compressed from the size where it pays (the kept public reads are compressed by it). */
export const compressionPlugin = fp(
  async (app) => {
    await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD });
  },
  { name: 'compression' },
);
