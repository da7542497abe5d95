import './lib/zod-without-eval';
import type { Part } from '@shop/contract/parts';
import type { Review } from '@shop/contract/reviews';
import { STOREFRONT_PARTS, STOREFRONT_PARTS_PATH } from '@shop/contract/storefront';
import { dehydrate } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouter, StaticRouterProvider } from 'react-router';
import { AppFrame } from './app/app-layout';
import { Providers } from './app/providers';
import { dashboardHeading, routes } from './app/routes';
import { HOME_REVIEWS_PATH } from './app/server-rendered';
import { RenderedSession } from './features/auth/session';
import { DashboardFrame } from './features/dashboard/components/dashboard-layout';
import { partsQuery } from './features/parts/api/get-parts';
import { HOME_REVIEWS, reviewsQuery } from './features/reviews/api/get-reviews';
import { createQueryClient } from './lib/query-client';

export { PAGE_STATE_ID } from './app/page-state';
export { pageRequests } from './app/server-rendered';

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
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://shop.invalid')));
  if (context instanceof Response) return null;

  const client = createQueryClient();
  const parts = answers[STOREFRONT_PARTS_PATH];
  if (parts) {
    const list = parts.body as Part[];
    client.setQueryData(partsQuery({ limit: STOREFRONT_PARTS }).queryKey, {
      parts: list,
      total: parts.totalCount ?? list.length,
    });
  }
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
