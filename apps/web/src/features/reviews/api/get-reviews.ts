import type { Review } from '@shop/contract/reviews';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function reviewsQuery(limit: number) {
  return queryOptions({
    queryKey: ['reviews', { limit }],
    queryFn: async ({ signal }) =>
      (await apiRequest<Review[]>(`/api/review?limit=${limit}`, { signal })).data,
  });
}

export function useReviews(limit = 6) {
  return useQuery(reviewsQuery(limit));
}
