import { Id } from '@shop/contract/primitives';
import { CATALOG_FIRST_PAGE_PATH, STOREFRONT_PAGES, STOREFRONT_PARTS_PATH } from '@shop/contract/storefront';
import { matchRoutes } from 'react-router';
import { partPath } from '../features/parts/api/get-part';
import { HOME_REVIEWS, reviewsPath } from '../features/reviews/api/get-reviews';
import { pageHandle } from '../lib/page-handle';
import { dashboardHeading, routes } from './routes';

/**
 * The pages the server sends rendered, with the data they show at once: what a visitor opens
 * first. A dashboard page is sent as the dashboard's frame with its heading (its data is the
 * signed-in user's, which the server cannot read without the token the browser keeps); so is each
 * part's own page (/parts/{id}, see productId). A purchase and a new quote are rendered for their
 * signed-in user alone (rendersForUser); every other page (the order builder, whose lines the
 * browser keeps, unknown paths) is rendered by the app alone.
 */
export const SERVER_RENDERED_PAGES: readonly string[] = [
  '/',
  '/home',
  '/parts',
  '/catalog',
  '/blog',
  '/portfolio',
  '/login',
  '/signup',
  // The pages a mailed link opens (its token is in the address's fragment, which the server never
  // sees): sent as they first show, waiting for the token, so they paint before the app runs.
  '/verify-email',
  '/reset-password',
  '/invitations',
  '/forgot-password',
];

/** The part whose own page is at `pathname` (/parts/{id}, an id as the API writes them), or null. */
export function productId(pathname: string): string | null {
  const id = /^\/parts\/([^/]+)$/.exec(pathname)?.[1];
  return id !== undefined && Id.safeParse(id).success && id === id.toLowerCase() ? id : null;
}

export const HOME_REVIEWS_PATH = reviewsPath(HOME_REVIEWS);

/** The API answers a server-rendered page shows at once, or null for a page the server does not render. */
export function pageRequests(pathname: string): readonly string[] | null {
  // The public pages first: this is asked on every page request, before the rendered page's cache.
  if (!SERVER_RENDERED_PAGES.includes(pathname)) {
    const part = productId(pathname);
    if (part !== null) return [partPath(part)];
    return dashboardHeading(pathname) === null ? null : [];
  }
  if (pathname === '/parts') return [STOREFRONT_PARTS_PATH];
  // The catalog's first page in catalog order: an address with a search, a sort or a page is left
  // to the app (the server renders no page asked for with a query, http/web-app.ts).
  if (pathname === '/catalog') return [CATALOG_FIRST_PAGE_PATH];
  if (STOREFRONT_PAGES.includes(pathname)) return [STOREFRONT_PARTS_PATH, HOME_REVIEWS_PATH];
  return [];
}

/**
 * Whether the server renders the page at `pathname` for the signed-in user who asks: a dashboard
 * page, or a page whose route says what it shows first (a purchase, a new quote). The browser
 * sends the page cookie with these paths alone (the server's modules/auth/page-session.ts).
 */
export function rendersForUser(pathname: string): boolean {
  if (dashboardHeading(pathname) !== null) return true;
  return (matchRoutes(routes, pathname) ?? []).some(({ route }) => pageHandle(route.handle).prefetch);
}

/**
 * The page the server renders at `pathname`, named by its route (`/dashboard/payment/:id` for
 * every order's payment page), or null for a page it does not render. A visitor's rendering of a
 * page is the same whatever its address's parameters (a dashboard page is its frame), so the
 * server keeps one per page, however many addresses ask for it; but for a part's own page, one
 * per part (its address), which the server's bounded caches of pages hold like any other.
 */
export function renderedPageKey(pathname: string): string | null {
  if (pageRequests(pathname) === null) return null;
  if (productId(pathname) !== null) return pathname;
  const matched = matchRoutes(routes, pathname) ?? [];
  return `/${matched.map(({ route }) => route.path ?? '').join('/')}`
    .replace(/\/{2,}/g, '/')
    .replace(/(.)\/$/, '$1');
}
