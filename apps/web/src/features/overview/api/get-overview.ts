import type { Overview } from '@shop/contract/overview';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const overviewQuery = queryOptions({
  queryKey: ['overview'],
  queryFn: async ({ signal }) => (await apiRequest<Overview>('/api/overview', { auth: true, signal })).data,
  // Figures move with every order and payment: fetched afresh whenever the page opens, unless the
  // app fetched them a moment ago, at its start on this page.
  staleTime: 5_000,
  meta: { refusalSignsOut: true },
});

export const useOverview = () => useQuery(overviewQuery);
