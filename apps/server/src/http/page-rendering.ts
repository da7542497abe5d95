import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

/** An API answer a rendered page shows: its JSON body and its `x-total-count`, if any. */
export interface ApiAnswer {
  body: unknown;
  totalCount?: number;
}

/** The signed-in user a page is rendered for. */
export interface PageUser {
  uid: string;
  name: string;
  email: string;
}

type RenderedPage = { html: string; head: string; state: string | null };

/** What the web app's server build (apps/web/src/entry-server.tsx) exports. */
interface PageRenderer {
  PAGE_STATE_ID: string;
  pageRequests(pathname: string): readonly string[] | null;
  renderedPageKey(pathname: string): string | null;
  rendersForUser(pathname: string): boolean;
  renderPage(url: string, answers: Record<string, ApiAnswer>): Promise<RenderedPage | null>;
  renderSignedInPage(
    url: string,
    user: PageUser,
    read: (path: string) => Promise<Response>,
  ): Promise<RenderedPage | null>;
}

/** How many rendered pages are kept at most (the web app has fewer routes). */
export const RENDERED_PAGES = 64;

/**
 * Renders the web app's public pages on the server with the data they show, so a phone paints
 * the whole page from the HTML, before (and without) the app's script. The web app's server build
 * sits beside its client build (`dist-ssr` next to `dist`); without it every page is index.html as
 * it is. The data comes from the shop's own API answers (and their caches) through `app.inject`.
 */
export function pageRendering<T>(
  app: FastifyInstance,
  distDir: string,
  template: string,
  /** What is kept of a rendered page (the server keeps it compressed). */
  pack: (html: string) => Promise<T>,
) {
  const entry = path.join(distDir, '..', 'dist-ssr', 'entry-server.js');
  let renderer: Promise<PageRenderer | undefined> | undefined;
  const load = () => {
    // A server build that cannot be loaded leaves every page to the app, as a missing one does.
    renderer ??= fs.existsSync(entry)
      ? (import(pathToFileURL(entry).href) as Promise<PageRenderer>).catch((err: unknown) => {
          app.log.error(
            { err, entry },
            "the web app's server build could not be loaded; pages are not rendered",
          );
          return undefined;
        })
      : Promise.resolve(undefined);
    return renderer;
  };

  /** An API answer as sent, uncompressed: its status, its body's text, its x-total-count and ETag. */
  async function get(url: string, accessToken?: string) {
    const answer = await app.inject({
      method: 'GET',
      url,
      headers: {
        'accept-encoding': 'identity',
        ...(accessToken === undefined ? {} : { authorization: `Bearer ${accessToken}` }),
      },
    });
    const total = answer.headers['x-total-count'];
    const etag = answer.headers.etag;
    return {
      status: answer.statusCode,
      body: answer.body,
      totalCount: typeof total === 'string' ? total : undefined,
      etag: typeof etag === 'string' ? etag : undefined,
    };
  }

  /**
   * A visitor's answer, which a public page shows; null for a 404 (a part's page whose part is not
   * or no longer in the catalog: the app tells the visitor so).
   */
  async function readAnswer(url: string) {
    const answer = await get(url);
    if (answer.status === 404) return null;
    if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}`);
    return answer;
  }

  // Keyed by page (the route), never by the address asked for: a page's count is the routes'.
  const lastRendered = new Map<string, { key: string; page: T | undefined }>();

  return {
    /**
     * The page the server renders at this address, named by its route, or undefined when it
     * renders none there (loads the web app's server build on first use).
     */
    async pageAt(pathname: string): Promise<string | undefined> {
      return (await load())?.renderedPageKey(pathname) ?? undefined;
    },

    /**
     * The page, packed, or undefined when the server does not render it. A page is rendered (and
     * packed) again only when the answers it shows differ from those of its last rendering: an
     * order of a part it does not show changes nothing on it, and it keeps its packed form. Every
     * address of one page (`pageAt`) shares its rendering.
     */
    async render(pathname: string): Promise<T | undefined> {
      const pages = await load();
      const requests = pages?.pageRequests(pathname);
      const page = pages?.renderedPageKey(pathname);
      if (!pages || !requests || !page) return undefined;
      const answered = await Promise.all(requests.map(readAnswer));
      if (answered.includes(null)) return undefined;
      const read = answered as NonNullable<(typeof answered)[number]>[];
      const key = JSON.stringify(read);
      const last = lastRendered.get(page);
      if (last?.key === key) return last.page;
      const answers: Record<string, ApiAnswer> = {};
      read.forEach(({ body, totalCount }, i) => {
        answers[requests[i] as string] = {
          body: JSON.parse(body),
          ...(totalCount === undefined ? {} : { totalCount: Number(totalCount) }),
        };
      });
      const rendered = await pages.renderPage(pathname, answers);
      const packed = rendered ? await pack(fillTemplate(template, rendered, pages.PAGE_STATE_ID)) : undefined;
      lastRendered.delete(page);
      lastRendered.set(page, { key, page: packed });
      // The routes bound the pages; this bounds the map whatever a server build names.
      if (lastRendered.size > RENDERED_PAGES) lastRendered.delete(lastRendered.keys().next().value as string);
      return packed;
    },

    /**
     * A page at `url` (its query included) rendered for `user` with what it shows, read from the
     * API with their `accessToken` (so the API's own checks of role and ownership hold), or
     * undefined when the page cannot be rendered whole for them (see renderSignedInPage). Never
     * kept: it is theirs.
     */
    async renderFor(
      url: string,
      accessToken: string,
      identify: (accessToken: string) => Promise<PageUser | undefined>,
    ): Promise<string | undefined> {
      const pages = await load();
      if (!pages?.rendersForUser(url.split('?')[0] ?? '/')) return undefined;
      const user = await identify(accessToken);
      if (!user) return undefined;
      const read = async (url: string) => {
        const { status, body, totalCount, etag } = await get(url, accessToken);
        // A 204 or 304 has no body, and a Response refuses one (even an empty one) for them.
        const bodiless = status === 204 || status === 304;
        // The ETag too: a quote's names its offer, which the page's Accept sends back (If-Match).
        return new Response(bodiless ? null : body, {
          status,
          headers: {
            ...(totalCount === undefined ? {} : { 'x-total-count': totalCount }),
            ...(etag === undefined ? {} : { etag }),
          },
        });
      };
      const page = await pages.renderSignedInPage(url, user, read);
      return page ? fillTemplate(template, page, pages.PAGE_STATE_ID) : undefined;
    },
  };
}

/**
 * index.html with the rendered page in #root, its head additions, and its data for the app (none
 * for a frame, which the app renders over at once, from the module preloads index.html names).
 */
export function fillTemplate(
  template: string,
  page: { html: string; head: string; state: string | null },
  stateId: string,
): string {
  const rootStart = template.indexOf('<div id="root">');
  const bodyEnd = template.lastIndexOf('</body>');
  if (rootStart < 0 || bodyEnd < rootStart) throw new Error('index.html has no <div id="root"> in its body');
  let head = template.slice(0, rootStart);
  let data = '';
  if (page.state !== null) {
    // The app takes a rendered page over once it has loaded and the browser is idle: its module
    // preloads are dropped, so the stylesheet and the pictures the page shows have the network to
    // themselves first (the app's start fetches its modules when it runs).
    head = head.replace(/[ \t]*<link rel="modulepreload"[^>]*>\n?/g, '');
    // In a <script> element only "</script" (and "<!--") could end or confuse it: JSON allows "<"
    // to be written as \u003c.
    const state = page.state.replace(/</g, '\\u003c');
    data = `<script type="application/json" id="${stateId}">${state}</script>`;
  }
  if (page.head.includes('<title>')) head = head.replace(/<title>[^<]*<\/title>/, '');
  head = head.replace('</head>', `${page.head}</head>`);
  return `${head}<div id="root">${page.html}</div>${data}\n  ${template.slice(bodyEnd)}`;
}
