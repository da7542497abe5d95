import type { Part } from '@shop/contract/parts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The address of one part. */
export const partPath = (id: string) => `/api/partsById?${new URLSearchParams({ id })}`;

export function partQuery(id: string) {
  return queryOptions({
    queryKey: ['parts', 'one', id],
    queryFn: async ({ signal }) => (await apiRequest<Part>(partPath(id), { signal })).data,
    // Stock changes with every order: read it fresh on the purchase and product pages.
    staleTime: 0,
  });
}

export function usePart(id: string) {
  return useQuery(partQuery(id));
}
