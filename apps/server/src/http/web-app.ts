import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from './app-error.js';

/**
 * Serves the built web app: hashed assets cached for a year, index.html revalidated each time,
 * and every page route (anything outside /api that is not a file) answered with index.html.
 * Unknown /api paths always get the JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  options: { pagePolicy?: (pathname: string) => string | undefined } = {},
): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(res, file) {
        const immutable = file.startsWith(path.join(distDir, 'assets') + path.sep);
        res.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasWebApp && isPage && !pathname.startsWith('/api/') && pathname !== '/api') {
      reply.header('cache-control', 'no-cache');
      const policy = options.pagePolicy?.(pathname);
      if (policy) reply.header('content-security-policy', policy);
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    throw notFound(`route ${request.method} ${pathname}`);
  });
}
