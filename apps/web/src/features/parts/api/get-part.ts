import type { Part } from '@shop/contract/parts';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** The address of one part. */
export const partPath = (id: string) => `/api/partsById?${new URLSearchParams({ id })}`;

export function partQuery(id: string) {
  return queryOptions({
    queryKey: ['parts', 'one', id],
    // Signed in, a buyer's part carries their own number for it (customerPartNumber).
    queryFn: async ({ signal }) => (await apiRequest<Part>(partPath(id), { signal, auth: true })).data,
    // Stock changes with every order: read it fresh on the purchase and product pages.
    staleTime: 0,
  });
}

export function usePart(id: string) {
  return useQuery(partQuery(id));
}

/**
 * Several parts as the catalog has them now (price breaks, range), for lines that name them: null
 * for a part it does not have (404, or an id of the wrong form), undefined while it loads. A part
 * gone from the catalog shows on its line: no toast.
 */
export function useParts(ids: readonly string[]): (Part | null | undefined)[] {
  return useQueries({
    queries: ids.map((id) => ({ ...partQuery(id), retry: false, meta: { quiet: true } })),
    combine: (results) =>
      results.map(
        (result) =>
          result.data ??
          (result.error instanceof ApiError && (result.error.status === 404 || result.error.status === 400)
            ? null
            : undefined),
      ),
  });
}
