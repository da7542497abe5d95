import type { QueryClient } from '@tanstack/react-query';

/** The signed-in user a page is shown to. */
export interface PageUser {
  uid: string;
  name: string;
  email: string;
}

/** The parameters of a page's address (`:id` of /dashboard/quotes/:id). */
export type PageParams = Readonly<Record<string, string | undefined>>;

/** What a route says of the pages under it (its `handle`). */
export interface PageHandle {
  /** The page's heading, which the dashboard's frame shows at once. */
  heading?: string;
  /**
   * Asks for what the page shows first, for the signed-in `user` (`params`: the address's, such
   * as a quote's id; `search`: its query, such as a new quote's lines): the app does so while the
   * page's code loads, the server before it renders the page for them (entry-server.tsx).
   */
  prefetch?: (
    client: QueryClient,
    user: PageUser,
    params: PageParams,
    search: URLSearchParams,
  ) => Promise<unknown>;
  /** The pages under it wait for the user's role, which the app then asks for at its start. */
  needsRole?: true;
}

/** A route's handle as the shop's routes write it (a route without one says nothing). */
export function pageHandle(handle: unknown): PageHandle {
  return (handle ?? {}) as PageHandle;
}
