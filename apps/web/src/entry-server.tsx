import './lib/zod-without-eval';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { routes } from './app/routes';
import type { ServerData } from './lib/server-data';

export type { ServerData };

/**
 * The pages the server renders: the public ones, each part's own page, the pages a mailed link
 * opens (its token is in the address's fragment, which the server never sees: they render as they
 * first show), and "Oops! Page not found" for a path that names no page (with HTTP 404). Every
 * other page (the signed-in ones) is index.html, which the app renders in the browser with the
 * sign-in it keeps there.
 */
const PUBLIC_PAGES = new Set([
  '/',
  '/home',
  '/parts',
  '/catalog',
  '/blog',
  '/portfolio',
  '/terms',
  '/privacy',
  '/imprint',
  '/login',
  '/signup',
  '/verify-email',
  '/reset-password',
  '/invitations',
  '/forgot-password',
  '/tools',
]);

export function rendersOnServer(pathname: string): boolean {
  return PUBLIC_PAGES.has(pathname) || /^\/(parts|tools)\/[^/]+$/.test(pathname) || namesNoPage(pathname);
}

/** Whether only the catch-all route (the not-found page) matches `pathname`. */
function namesNoPage(pathname: string): boolean {
  return matchRoutes(routes, pathname)?.at(-1)?.route.path === '*';
}

/** The route table as the server matches it (each page's code is loaded on first use). */
const handler = createStaticHandler(routes);

export interface RenderedPage {
  status: number;
  /** What goes in the document's head: the page's <title> and the preloads of its first pictures. */
  head: string;
  /** What goes inside #root, ending with the router's data in a script that carries `nonce`. */
  html: string;
}

/**
 * The page `request` asks for, its loaders reading `serverData` (the server's own services), with
 * the router's data for the app to take the page over (main.tsx); or a loader's redirect.
 */
export async function render(
  request: Request,
  serverData: ServerData,
  nonce: string,
): Promise<RenderedPage | Response> {
  const context = await handler.query(request, { requestContext: { serverData } });
  if (context instanceof Response) return context;
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Providers>
        <StaticRouterProvider router={router} context={context} nonce={nonce} />
      </Providers>
    </StrictMode>,
    // Waits for every lazily loaded part (the home page's forms) and puts it in place: nothing is
    // left for a script of React's to move in later.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  // React puts what belongs in the document's head first.
  const head = /^(?:<title>[^<]*<\/title>|<link [^>]*\/>|<meta [^>]*\/>)*/.exec(html)?.[0] ?? '';
  return { status: context.statusCode, head, html: html.slice(head.length) };
}
