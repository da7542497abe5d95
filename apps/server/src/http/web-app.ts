import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipAsync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { pageSessionToken } from '../modules/auth/page-session.js';
import { notFound } from './app-error.js';
import { type PageUser, pageRendering } from './page-rendering.js';
import type { PagePolicy } from './security-headers.js';

/**
 * Serves the built web app: hashed assets cached for a year, index.html revalidated each time
 * (by its ETag), and every page route (anything outside /api that is not a file) answered with
 * index.html, compressed.
 * Unknown /api paths always get the JSON 404. `pagePreloads` names API answers a page will ask
 * for at once: the browser fetches them with the page's script instead of after it has run.
 * The public pages are sent rendered (page-rendering.ts), afresh for each request. A
 * dashboard page, a purchase or a new quote is sent rendered for the signed-in user whose page
 * cookie (page-session.ts) `pageUser` accepts, with their data, never kept; without one, a
 * dashboard page goes as the dashboard's frame, the others as index.html for the app to render.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  options: {
    /** A page's own Content-Security-Policy, set in place of the one every answer gets. */
    pagePolicy?: (pathname: string) => PagePolicy | undefined;
    pagePreloads?: (pathname: string) => readonly string[];
    pageUser?: (accessToken: string) => Promise<PageUser | undefined>;
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
  // The page itself, compressed once at start (@fastify/compress works on routes, and pages are
  // answered by the not-found handler). A rebuilt web app needs a restart anyway: its new assets
  // get their routes at start.
  const template = hasWebApp ? fs.readFileSync(indexFile, 'utf8') : undefined;
  const plainPage = template === undefined ? undefined : await compressedPage(Buffer.from(template));
  const rendering =
    template === undefined
      ? undefined
      : pageRendering(app, distDir, template, (html) => compressedPage(Buffer.from(html)));
  const renderedPage = async (pathname: string): Promise<CompressedPage | undefined> => {
    if (!rendering || !plainPage) return undefined;
    const build = async () => (await rendering.render(pathname)) ?? plainPage;
    try {
      const page = await rendering.pageAt(pathname);
      if (!page) return undefined;
      return await build();
    } catch (err) {
      // The app renders the page in the browser instead.
      app.log.error({ err, pathname }, 'page not rendered on the server');
      return undefined;
    }
  };
  const pageForUser = async (url: string, accessToken: string): Promise<string | undefined> => {
    if (!rendering || !options.pageUser) return undefined;
    try {
      return await rendering.renderFor(url, accessToken, options.pageUser);
    } catch (err) {
      app.log.error({ err, url }, 'page not rendered on the server for its user');
      return undefined;
    }
  };
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (plainPage && isPage && !pathname.startsWith('/api/') && pathname !== '/api') {
      const policy = options.pagePolicy?.(pathname);
      policy?.(request, reply);
      // A page rendered for its user is rendered for the address asked for, query and all (a new
      // quote's lines are in its query). A HEAD is not worth a render: the user's page is never
      // kept, so its headers say nothing.
      const accessToken = request.method === 'GET' ? pageSessionToken(request) : undefined;
      const forUser = accessToken && (await pageForUser(request.url, accessToken));
      if (forUser) {
        // The user's own data: kept by no cache, and never answered by a shared cache's copy.
        reply.header('cache-control', 'private, no-store').header('vary', 'accept-encoding, cookie');
        reply.type('text/html; charset=utf-8');
        const encoding = acceptedEncoding(request.headers['accept-encoding']);
        if (!encoding) return reply.send(forUser);
        reply.header('content-encoding', encoding);
        return reply.send(await compressOnce(forUser, encoding));
      }
      // A visitor's page asked for with a query is left to the app: what the query changes shows
      // there, and the server renders each page once per change of its data, not once per query.
      const withQuery = request.url.includes('?');
      const rendered = withQuery ? undefined : await renderedPage(pathname);
      const page = rendered ?? plainPage;
      reply.header('cache-control', 'no-cache');
      // A rendered page carries its data.
      const preloads = rendered ? [] : (options.pagePreloads?.(pathname) ?? []);
      if (preloads.length > 0) {
        reply.header(
          'link',
          preloads.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`).join(', '),
        );
      }
      reply.header('etag', page.etag).header('vary', 'accept-encoding').type('text/html; charset=utf-8');
      if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(page[encoding ?? 'identity']);
    }
    throw notFound(`route ${request.method} ${pathname}`);
  });
}

type CompressedPage = Awaited<ReturnType<typeof compressedPage>>;

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipAsync);

/** A page sent once: compressed quickly, off the event loop. */
function compressOnce(html: string, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzip(html, { level: 6 });
}

/** A page kept for many answers: compressed hard, once, on libuv's threads (not the event loop). */
async function compressedPage(html: Buffer) {
  const [br, gz] = await Promise.all([brotli(html), gzip(html, { level: 9 })]);
  return {
    identity: html,
    br,
    gzip: gz,
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
  };
}

/**
 * br if the client takes it, else gzip, else none: chosen by the negotiator @fastify/compress
 * uses for every other answer (with its reading of `*` and `x-gzip` as gzip), so a page and an
 * API answer are encoded alike.
 */
const encodings = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });
function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (header === undefined) return undefined;
  return encodings.negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip')) ?? undefined;
}
