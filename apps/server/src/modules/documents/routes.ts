import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/app-error.js';
import { documentName, documentsDir } from './storage.js';

/** `GET /documents/<name>.pdf`: a datasheet or manual the shop serves, to anyone. */
export function documentRoutes(app: FastifyInstance, deps: { uploadsDir: string }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/documents/:file',
    {
      schema: {
        tags: ['catalog'],
        summary:
          "A part's document the shop serves (a PDF datasheet or manual named in the part's documents)",
        params: z.object({ file: z.string() }),
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      if (!documentName.test(file)) throw notFound('document');
      const full = path.join(documentsDir(deps.uploadsDir), file);
      const stat = await fs.promises.stat(full).catch(() => null);
      if (!stat?.isFile()) throw notFound('document');
      return (
        reply
          .header('content-type', 'application/pdf')
          .header('content-length', stat.size)
          .header('content-disposition', `inline; filename="${file}"`)
          // A new edition of a datasheet keeps its address: browsers ask again after a day.
          .header('cache-control', reply.getHeader('cache-control') ?? 'public, max-age=86400')
          .send(fs.createReadStream(full))
      );
    },
  );
}
