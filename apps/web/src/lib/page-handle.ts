import type { QueryClient } from '@tanstack/react-query';

/** What a route says of the pages under it (its `handle`). */
export interface PageHandle {
  /** The page's heading, which the dashboard's frame shows at once. */
  heading?: string;
  /** Asks for what the page shows first: the app does so while the page's code loads. */
  prefetch?: (client: QueryClient) => Promise<void>;
  /** The pages under it wait for the user's role, which the app then asks for at its start. */
  needsRole?: true;
}

/** A route's handle as the shop's routes write it (a route without one says nothing). */
export function pageHandle(handle: unknown): PageHandle {
  return (handle ?? {}) as PageHandle;
}
