import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Below this size compressing an answer is not worth it. */
const COMPRESS_THRESHOLD = 1024;

/** Answers compressed from the size where it pays. */
export const compressionPlugin = fp(
  async (app) => {
    await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD });
  },
  { name: 'compression' },
);
