import type { PartSearchResult } from '@shop/contract/parts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type CatalogState, searchPath } from '../catalog-state';

/** `GET /api/catalog/search` for the finder's state; one query per address. */
export function catalogSearchQuery(state: CatalogState) {
  const path = searchPath(state);
  return queryOptions({
    queryKey: ['catalog-search', path],
    queryFn: async ({ signal }) => (await apiRequest<PartSearchResult>(path, { signal })).data,
    // A wrong filter in an address is said on the page, in place (catalog-page.tsx).
    meta: { quiet: true },
    retry: false,
  });
}
