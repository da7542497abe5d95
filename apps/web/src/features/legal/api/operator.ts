import type { Operator } from '@shop/contract/legal';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Who runs the shop (GET /api/operator): it changes only with the server's settings. */
export const operatorQuery = queryOptions({
  queryKey: ['operator'],
  queryFn: async ({ signal }) => (await apiRequest<Operator>('/api/operator', { signal })).data,
  staleTime: Number.POSITIVE_INFINITY,
});
