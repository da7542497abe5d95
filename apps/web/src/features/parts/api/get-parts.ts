import type { Part } from '@shop/contract/parts';
import { DEFAULT_PART_SORT, type PartSort, STOREFRONT_PARTS } from '@shop/contract/storefront';
import { queryOptions } from '@tanstack/react-query';
import { fetchPage } from '../../../lib/paged-list';

export { STOREFRONT_PARTS };

export interface PartsParams {
  limit: number;
  offset?: number;
  q?: string;
  sort?: PartSort;
}

/**
 * A page's parameters with what is at its default left out: a page asked for with or without its
 * defaults is one query (one address).
 */
function pageOf(params: PartsParams): PartsParams {
  return {
    limit: params.limit,
    ...(params.offset ? { offset: params.offset } : {}),
    ...(params.q ? { q: params.q } : {}),
    ...(params.sort && params.sort !== DEFAULT_PART_SORT ? { sort: params.sort } : {}),
  };
}

/** The address of a page of parts. */
export function partsPath(params: PartsParams): string {
  const page = pageOf(params);
  const search = new URLSearchParams({ limit: String(page.limit) });
  if (page.offset) search.set('offset', String(page.offset));
  if (page.q) search.set('q', page.q);
  if (page.sort) search.set('sort', page.sort);
  return `/api/parts?${search}`;
}

export function partsQuery(params: PartsParams) {
  const path = partsPath(params);
  return queryOptions({
    queryKey: ['parts', pageOf(params)],
    queryFn: async ({ signal }) => {
      const { rows, total } = await fetchPage<Part>(path, { signal });
      return { parts: rows, total };
    },
  });
}
