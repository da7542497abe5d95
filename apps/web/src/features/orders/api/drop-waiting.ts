import type { Order } from '@shop/contract/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Which line of which order loses its waiting pieces. */
export interface WaitingLine {
  orderId: string;
  partsId: string;
}

/**
 * The buyer (or their company's admin) drops a line's waiting pieces
 * (`POST /api/purchaseById/{id}/lines/{partsId}/cancel-backorder`); the orders and the parts
 * (the batches now go to others) are read again after it.
 */
export function useDropWaiting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, partsId }: WaitingLine) =>
      apiRequest<Order>(
        `/api/purchaseById/${encodeURIComponent(orderId)}/lines/${encodeURIComponent(partsId)}/cancel-backorder`,
        { method: 'POST', auth: true },
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['parts'] }),
      ]),
  });
}
