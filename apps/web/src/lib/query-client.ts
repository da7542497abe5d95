import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { showError } from './toasts';

/** docs/product.md §9: data is cached 5 minutes; a failed load is retried 3 times, the delay doubling up to 30 s. */
export const CACHE_TIME_MS = 5 * 60 * 1000;
export const MAX_RETRIES = 3;

export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A request the server refused (4xx) will be refused again.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      // Load errors show as a toast (docs/product.md §8), once per query.
      onError: (error, query) => {
        // Pages that sign the user out on a refusal (docs/product.md §8) say so themselves.
        if (query.meta?.refusalSignsOut && error instanceof ApiError && error.status > 0) return;
        // Pages that show a query's failure in place.
        if (query.meta?.quiet) return;
        showError(error, query.queryHash);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: CACHE_TIME_MS,
        gcTime: CACHE_TIME_MS,
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: false,
      },
    },
  });
}

let browserClient: QueryClient | undefined;

/** The browser's one client, the app's and its loaders' (the server makes one per page it renders). */
export function browserQueryClient(): QueryClient {
  browserClient ??= createQueryClient();
  return browserClient;
}
