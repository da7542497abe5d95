import type { Review } from '@shop/contract/reviews';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The home page shows the newest 6 reviews (docs/product.md §3). */
export const HOME_REVIEWS = 6;

export const reviewsPath = (limit: number) => `/api/review?limit=${limit}`;

export function reviewsQuery(limit: number) {
  return queryOptions({
    queryKey: ['reviews', { limit }],
    queryFn: async ({ signal }) => (await apiRequest<Review[]>(reviewsPath(limit), { signal })).data,
  });
}
