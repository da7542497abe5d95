import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/app-error.js';
import { storedImageName } from './storage.js';

export function imageRoutes(app: FastifyInstance, deps: { uploadsDir: string }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/images/:file',
    {
      schema: {
        tags: ['images'],
        summary: 'A stored picture (content-addressed, cached for a year)',
        params: z.object({ file: z.string() }),
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      if (!storedImageName.test(file)) throw notFound('image');
      const full = path.join(deps.uploadsDir, file);
      const stat = await fs.promises.stat(full).catch(() => null);
      if (!stat?.isFile()) throw notFound('image');
      return reply
        .header('content-type', 'image/webp')
        .header('content-length', stat.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(fs.createReadStream(full));
    },
  );
}
