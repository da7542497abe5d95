import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { ErrorBody } from '@shop/contract/errors';
import { UploadedImage } from '@shop/contract/images';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest, notFound } from '../../http/app-error.js';
import type { AuthGuard } from '../../http/auth-guard.js';
import { reencodeAsWebp } from './reencode.js';
import { saveImage, storedImageName } from './storage.js';

/** docs/api.md: uploads up to 5 MiB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export async function imageRoutes(app: FastifyInstance, deps: { uploadsDir: string; guard: AuthGuard }) {
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
      return (
        reply
          .header('content-type', 'image/webp')
          .header('content-length', stat.size)
          // A signed-in caller's answer stays no-store (security-headers.ts).
          .header('cache-control', reply.getHeader('cache-control') ?? 'public, max-age=31536000, immutable')
          .send(fs.createReadStream(full))
      );
    },
  );

  // Multipart is read by this route alone: every other route keeps taking JSON only.
  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    });
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/api/images',
      {
        onRequest: deps.guard.admin,
        bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024,
        schema: {
          tags: ['images'],
          summary: 'Upload a picture (admins): multipart field `image`, at most 5 MiB; stored as WebP',
          security: [{ bearer: [] }],
          consumes: ['multipart/form-data'],
          response: {
            200: UploadedImage,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            413: ErrorBody,
            415: ErrorBody,
          },
        },
      },
      async (request) => {
        if (!request.isMultipart()) {
          throw new AppError(
            'unsupported_media_type',
            'Send the picture as multipart/form-data in the field image',
          );
        }
        const file = await request.file();
        if (file?.fieldname !== 'image') throw badRequest('image is required');
        // The file's own name and type are the client's word: only the bytes count.
        const bytes = await file.toBuffer();
        const name = await saveImage(deps.uploadsDir, await reencodeAsWebp(bytes));
        return { status: 200 as const, success: true as const, data: { url: `/api/images/${name}` } };
      },
    );
  });
}
