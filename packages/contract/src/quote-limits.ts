/**
 * The bounds of a quote's thread, without zod: the web app's first download imports these (the
 * quotes' queries are named by the routes), and the schemas stay in quotes.ts.
 */

/** The most messages one quote's thread holds, the request's included; a further one → 422 too_many_messages. */
export const MAX_QUOTE_MESSAGES = 200;

/** How many of the newest messages `GET /api/quotes/{id}` answers; `GET /api/quotes/{id}/messages` pages the older ones. */
export const QUOTE_THREAD_PAGE = 50;

/** How many of the newest messages each quote of `GET /api/quotes` carries. */
export const QUOTE_LIST_MESSAGES = 3;
