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

const handleOf = (handle: unknown): PageHandle => (handle ?? {}) as PageHandle;

/** The heading a route's handle names, if any. */
export function headingOf(handle: unknown): string | undefined {
  const { heading } = handleOf(handle);
  return typeof heading === 'string' ? heading : undefined;
}

/** Whether a route's handle says its pages wait for the user's role. */
export function needsRole(handle: unknown): boolean {
  return handleOf(handle).needsRole === true;
}

/** How a route's handle asks for its page's first data, if it does. */
export function prefetchOf(handle: unknown): PageHandle['prefetch'] {
  return handleOf(handle).prefetch;
}
