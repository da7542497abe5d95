import type { Part } from '@shop/contract/parts';
import { STOREFRONT_PARTS } from '@shop/contract/storefront';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPage } from '../../../lib/paged-list';

export { STOREFRONT_PARTS };

export function partsQuery(params: { limit: number; offset?: number; q?: string }) {
  const search = new URLSearchParams({ limit: String(params.limit) });
  if (params.offset) search.set('offset', String(params.offset));
  if (params.q) search.set('q', params.q);
  return queryOptions({
    queryKey: ['parts', params],
    queryFn: async ({ signal }) => {
      const { rows, total } = await fetchPage<Part>(`/api/parts?${search}`, { signal });
      return { parts: rows, total };
    },
  });
}

export function useParts(params: { limit: number; offset?: number; q?: string }) {
  return useQuery(partsQuery(params));
}
