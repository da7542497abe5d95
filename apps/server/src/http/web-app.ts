import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { Category } from '@shop/contract/catalog';
import type { Operator } from '@shop/contract/legal';
import type { Part, PartSearchResult } from '@shop/contract/parts';
import type { Review } from '@shop/contract/reviews';
import type { PartSort } from '@shop/contract/storefront';
import type { Tool } from '@shop/contract/tools';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from './app-error.js';
import { type PagePolicy, renderedPagePolicy } from './security-headers.js';

/** What the public pages' loaders read in process (the web app's lib/server-data.ts). */
export interface ServerData {
  parts(query: {
    limit: number;
    offset?: number;
    q?: string;
    sort?: PartSort;
  }): Promise<{ parts: Part[]; total: number }>;
  /** `GET /api/catalog/search` with these parameters; a refused one throws its AppError. */
  search(params: Record<string, string>): Promise<PartSearchResult>;
  categories(): Promise<Category[]>;
  part(id: string): Promise<Part | null>;
  reviews(limit: number): Promise<Review[]>;
  operator(): Promise<Operator>;
  tools(query: { limit: number; offset?: number }): Promise<{ tools: Tool[]; total: number }>;
  tool(id: string): Promise<Tool | null>;
}

/** What the web app's server build (apps/web/src/entry-server.tsx) exports. */
interface PageRenderer {
  rendersOnServer(pathname: string): boolean;
  render(
    request: Request,
    serverData: ServerData,
    nonce: string,
  ): Promise<{ status: number; head: string; html: string } | Response>;
}

/**
 * Serves the built web app: hashed assets cached for a year, the rest revalidated each time, and
 * every page (a GET outside /api that is no file) as index.html. The public pages are rendered
 * into it afresh for each request by React Router's static handler (the web app's server build,
 * `dist-ssr` beside `dist`; without it every page is index.html as it is), their loaders reading
 * `serverData`; every other page is rendered by the app in the browser. Unknown /api paths get
 * the JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  options: {
    serverData: ServerData;
    /** A page's own Content-Security-Policy, set in place of the one every answer gets. */
    pagePolicy?: (pathname: string) => PagePolicy | undefined;
  },
): Promise<void> {
  app.setNotFoundHandler(async (request) => {
    throw notFound(`route ${request.method} ${request.url.split('?')[0]}`);
  });
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return;
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
  const template = fs.readFileSync(indexFile, 'utf8');
  const entry = path.join(distDir, '..', 'dist-ssr', 'entry-server.js');
  const renderer = fs.existsSync(entry)
    ? ((await import(pathToFileURL(entry).href)) as PageRenderer)
    : undefined;

  /** The page rendered, or undefined when the server does not render it (or could not). */
  async function rendered(request: FastifyRequest, pathname: string, reply: FastifyReply) {
    if (!renderer?.rendersOnServer(pathname)) return undefined;
    try {
      const nonce = renderedPagePolicy(request, reply);
      const page = await renderer.render(
        new Request(new URL(request.url, 'http://shop.invalid')),
        options.serverData,
        nonce,
      );
      if (page instanceof Response) return undefined;
      reply.code(page.status);
      return fillTemplate(template, page);
    } catch (err) {
      // The app renders the page in the browser instead.
      app.log.error({ err, pathname }, 'page not rendered on the server');
      return undefined;
    }
  }

  // A route, not the not-found handler, so that @fastify/compress compresses the page.
  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) throw notFound(`route GET ${pathname}`);
    options.pagePolicy?.(pathname)?.(request, reply);
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    return (await rendered(request, pathname, reply)) ?? template;
  });
}

/** index.html with the rendered page in #root (in place of its shell) and its head additions. */
function fillTemplate(template: string, page: { head: string; html: string }): string {
  const rootStart = template.indexOf('<div id="root">');
  const bodyEnd = template.lastIndexOf('</body>');
  if (rootStart < 0 || bodyEnd < rootStart) throw new Error('index.html has no <div id="root"> in its body');
  let head = template.slice(0, rootStart);
  if (page.head.includes('<title>')) head = head.replace(/<title>[^<]*<\/title>/, '');
  head = head.replace('</head>', `${page.head}</head>`);
  return `${head}<div id="root">${page.html}</div>\n  ${template.slice(bodyEnd)}`;
}
