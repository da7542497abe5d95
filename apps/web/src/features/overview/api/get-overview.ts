import type { Overview } from '@shop/contract/overview';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const overviewQuery = queryOptions({
  queryKey: ['overview'],
  queryFn: async ({ signal }) => (await apiRequest<Overview>('/api/overview', { auth: true, signal })).data,
  // Figures move with every order and payment: fetched afresh whenever the page opens.
  staleTime: 0,
  meta: { refusalSignsOut: true },
});

export const useOverview = () => useQuery(overviewQuery);
