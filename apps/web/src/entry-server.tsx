import './lib/zod-without-eval';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Part } from '@shop/contract/parts';
import type { Review } from '@shop/contract/reviews';
import { CATALOG_FIRST_PAGE_PATH, STOREFRONT_PARTS, STOREFRONT_PARTS_PATH } from '@shop/contract/storefront';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouter, StaticRouterProvider } from 'react-router';
import { AppFrame } from './app/app-layout';
import { RENDERED_FOR } from './app/page-state';
import { Providers } from './app/providers';
import { dashboardHeading, prefetchPage, routes } from './app/routes';
import { HOME_REVIEWS_PATH, productId, rendersForUser } from './app/server-rendered';
import { RenderedRedirect } from './features/auth/components/guards';
import { RenderedSession } from './features/auth/session';
import { DashboardFrame } from './features/dashboard/components/dashboard-layout';
import { partPath, partQuery } from './features/parts/api/get-part';
import { partsQuery } from './features/parts/api/get-parts';
import { CATALOG_START } from './features/parts/catalog-state';
import { HOME_REVIEWS, reviewsQuery } from './features/reviews/api/get-reviews';
import { setApiTransport } from './lib/api-client';
import type { PageUser } from './lib/page-handle';
import { CACHE_TIME_MS, createQueryClient } from './lib/query-client';

export { PAGE_STATE_ID } from './app/page-state';
export { pageRequests, renderedPageKey, rendersForUser } from './app/server-rendered';

/** An API answer the server read for the page: its JSON body and its `x-total-count`, if any. */
export interface ApiAnswer {
  body: unknown;
  totalCount?: number;
}

export interface RenderedPage {
  /** What goes inside #root. */
  html: string;
  /** What goes in the document's head: the page's <title> and the preloads of its first pictures. */
  head: string;
  /**
   * The data the page was rendered from, for the app's query cache (JSON), which then takes over
   * the markup; or null for a frame, which the app replaces with the page as soon as it can.
   */
  state: string | null;
}

/** The route table as the server matches it, made once (each page's code is loaded on first use). */
const handler = createStaticHandler(routes);

/**
 * Renders a page of `pageRequests` for a visitor, from the API answers named there (the server
 * reads them from its own cached answers). The app later takes over the same markup
 * (app/start.tsx), so it must render exactly what the app's first render shows for a visitor.
 * A dashboard page is its frame: the app starts at once and renders over it.
 */
export async function renderPage(
  url: string,
  answers: Record<string, ApiAnswer>,
): Promise<RenderedPage | null> {
  const heading = dashboardHeading(new URL(url, 'http://shop.invalid').pathname);
  if (heading !== null) {
    // The dashboard as the app shows it while it asks for the user's role, under a bar that does
    // not know who is signed in.
    return {
      ...(await prerender(
        <RenderedSession value={{ status: 'loading' }}>
          <StaticRouter location={url}>
            <AppFrame>
              <DashboardFrame loading admin={false} heading={heading} />
            </AppFrame>
          </StaticRouter>
        </RenderedSession>,
      )),
      state: null,
    };
  }
  const context = await handler.query(new Request(new URL(url, 'http://shop.invalid')));
  if (context instanceof Response) return null;

  const client = createQueryClient();
  const partsPages = [
    [STOREFRONT_PARTS_PATH, partsQuery({ limit: STOREFRONT_PARTS })],
    [CATALOG_FIRST_PAGE_PATH, partsQuery(CATALOG_START)],
  ] as const;
  for (const [path, query] of partsPages) {
    const parts = answers[path];
    if (!parts) continue;
    const list = parts.body as Part[];
    client.setQueryData(query.queryKey, { parts: list, total: parts.totalCount ?? list.length });
  }
  const part = productId(new URL(url, 'http://shop.invalid').pathname);
  const partAnswer = part === null ? undefined : answers[partPath(part)];
  if (part !== null && partAnswer) client.setQueryData(partQuery(part).queryKey, partAnswer.body as Part);
  const reviews = answers[HOME_REVIEWS_PATH];
  if (reviews) client.setQueryData(reviewsQuery(HOME_REVIEWS).queryKey, reviews.body as Review[]);

  const router = createStaticRouter(handler.dataRoutes, context);
  const page = await prerender(
    <Providers client={client}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Providers>,
  );
  return { ...page, state: JSON.stringify(dehydrate(client)) };
}

/** Reads an API answer as the signed-in user a page is rendered for (GET only). */
export type ApiReader = (path: string) => Promise<Response>;

/** The reader of the page being rendered: several pages may be rendered at once, for different users. */
const readers = new AsyncLocalStorage<ApiReader>();

setApiTransport((path, init) => {
  const read = readers.getStore();
  if (!read) return Promise.reject(new Error(`no API reader while rendering, asked for ${path}`));
  if ((init.method ?? 'GET') !== 'GET')
    return Promise.reject(new Error(`a page is rendered by reading, not ${init.method}`));
  return read(path);
});

/**
 * Renders a page for the signed-in `user` with what it shows (rendersForUser: the dashboard's, a
 * purchase, a new quote), reading the API as them through `read`, or answers null when it cannot
 * be whole: a page the server does not render for a user, the user
 * sent elsewhere (a buyer on an admin page), an answer refused or failed, or data the page asks for
 * that its route does not fetch first (the app in the browser shows such a page). The app takes
 * the markup over once the page has loaded, if it finds the same user signed in (app/start.tsx).
 */
export function renderSignedInPage(
  url: string,
  user: PageUser,
  read: ApiReader,
): Promise<RenderedPage | null> {
  return readers.run(read, async () => {
    const location = new URL(url, 'http://shop.invalid');
    if (!rendersForUser(location.pathname)) return null;
    const context = await handler.query(new Request(location));
    if (context instanceof Response) return null;
    // Nothing is retried or shown as a toast here: a page that cannot be whole goes as its frame.
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: CACHE_TIME_MS } },
    });
    await prefetchPage(client, context.matches, location.searchParams, user);
    let redirected = false;
    const router = createStaticRouter(handler.dataRoutes, context);
    const page = await prerender(
      <RenderedRedirect value={() => (redirected = true)}>
        <RenderedSession value={{ status: 'signed-in', user, accessToken: '' }}>
          <Providers client={client}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </Providers>
        </RenderedSession>
      </RenderedRedirect>,
    );
    // What the page asked for that was not fetched first is in the cache, pending.
    const whole = client
      .getQueryCache()
      .getAll()
      .every((query) => query.state.status === 'success');
    if (redirected || !whole) return null;
    const uid = user.uid.replace(/[^A-Za-z0-9_-]/g, '');
    return {
      html: page.html,
      head: `${page.head}<meta name="${RENDERED_FOR}" content="${uid}">`,
      state: JSON.stringify(dehydrate(client)),
    };
  });
}

/** `page` as HTML, whole, and what React puts in the document's head for it. */
async function prerender(page: ReactNode): Promise<{ html: string; head: string }> {
  // Waits for every lazily loaded part of the page (the home page's forms), so the HTML is whole.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>{page}</StrictMode>,
    // Every part in place in the HTML: nothing left for an inline script (which the shop's
    // Content-Security-Policy refuses) to move in later.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  // React puts what belongs in the document's head (the <title>, the preloads of the pictures
  // fetched first) before the page.
  const head = /^(?:<title>[^<]*<\/title>|<link [^>]*\/>|<meta [^>]*\/>)*/.exec(html)?.[0] ?? '';
  return { html: html.slice(head.length), head };
}
