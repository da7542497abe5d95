import type { OrderInput } from '@shop/contract/orders';
import type { Part } from '@shop/contract/parts';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { partQuery } from '../../parts';

/**
 * Each builder line's part as the catalog has it now (price breaks, range): null for a part it no
 * longer has (404), undefined while it loads.
 */
export function useLineParts(ids: readonly string[]): (Part | null | undefined)[] {
  return useQueries({
    // A part gone from the catalog shows on its line: no toast.
    queries: ids.map((id) => ({ ...partQuery(id), retry: false, meta: { quiet: true } })),
    combine: (results) =>
      results.map(
        (result) =>
          result.data ??
          (result.error instanceof ApiError && (result.error.status === 404 || result.error.status === 400)
            ? null
            : undefined),
      ),
  });
}

/** `POST /api/orders`: the whole builder as one order; stock and the orders are read again after it. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (order: OrderInput) =>
      (await apiRequest<{ insertedId: string }>('/api/orders', { method: 'POST', body: order, auth: true }))
        .data,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['parts'] }),
      ]),
  });
}
