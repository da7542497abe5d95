import type { OrderInput } from '@shop/contract/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

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
