import type { Category } from '@shop/contract/catalog';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/categories`: every category, a tree by parentId, with its parts counted. */
export function categoriesQuery() {
  return queryOptions({
    queryKey: ['categories'],
    queryFn: async ({ signal }) => (await apiRequest<Category[]>('/api/categories', { signal })).data,
  });
}
