import fp from 'fastify-plugin';
import { publicCache } from '../http/public-cache.js';

/**
 * Public reads (the routes with `config.publicCache`) kept until a write, from any server,
 * changes what they show (http/public-cache.ts). After compression, whose choice of encoding the
 * kept answers follow, and before the routes, which it sees as they are added.
 */
export const publicReadsPlugin = fp(
  async (app) => {
    await app.register(publicCache, { changes: app.changes });
  },
  { name: 'public-reads', dependencies: ['change-feed', 'compression'] },
);
