import type { PartSearchResult } from '@shop/contract/parts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type CatalogState, searchPath } from '../catalog-state';

/** `GET /api/catalog/search` for the finder's state; one query per address. */
export function catalogSearchQuery(state: CatalogState) {
  const path = searchPath(state);
  return queryOptions({
    queryKey: ['catalog-search', path],
    // Signed in, a buyer's own part numbers find their parts too (the server's first page of a
    // search, rendered for anyone, does not: docs/api.md, "Customer part numbers").
    queryFn: async ({ signal }) => (await apiRequest<PartSearchResult>(path, { signal, auth: true })).data,
    // A wrong filter in an address is said on the page, in place (catalog-page.tsx).
    meta: { quiet: true },
    retry: false,
  });
}

/** `GET /api/catalog/search?q=` for a picker: the first parts the search finds by name, number or id. */
export function partPickQuery(q: string, limit: number) {
  const params = new URLSearchParams({ q, limit: String(limit) });
  return queryOptions({
    queryKey: ['catalog-search', 'pick', q, limit],
    queryFn: async ({ signal }) =>
      (await apiRequest<PartSearchResult>(`/api/catalog/search?${params}`, { signal })).data.parts,
    meta: { quiet: true },
    retry: false,
  });
}
