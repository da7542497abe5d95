import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/app-error.js';
import { documentName } from './names.js';

/**
 * `GET /documents/<name>.pdf`: a datasheet or manual the shop serves, to anyone, from `dir`
 * (the demo catalog's, demo-documents/, made by scripts/make-demo-documents.ts).
 */
export function documentRoutes(app: FastifyInstance, deps: { dir: string }) {
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
      const full = path.join(deps.dir, file);
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
