import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from './app-error.js';

/**
 * Serves the built web app: hashed assets cached for a year, index.html revalidated each time,
 * and every page route (anything outside /api that is not a file) answered with index.html.
 * Unknown /api paths always get the JSON 404. `pagePreloads` names API answers a page will ask
 * for at once: the browser fetches them with the page's script instead of after it has run.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  options: {
    pagePolicy?: (pathname: string) => string | undefined;
    pagePreloads?: (pathname: string) => readonly string[];
  } = {},
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
      const preloads = options.pagePreloads?.(pathname) ?? [];
      if (preloads.length > 0) {
        reply.header(
          'link',
          preloads.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`).join(', '),
        );
      }
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    throw notFound(`route ${request.method} ${pathname}`);
  });
}
