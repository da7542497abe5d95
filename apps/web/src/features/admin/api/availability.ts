import type { IncomingBody, ReceiveBody, Received } from '@shop/contract/availability';
import type { Part } from '@shop/contract/parts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const partPath = (id: string, what: 'incoming' | 'receive') => `/api/parts/${encodeURIComponent(id)}/${what}`;

/** The part's incoming batches, lead time and whether it may be backordered (docs/api.md, "Availability"). */
export function useSetIncoming(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: IncomingBody) =>
      (await apiRequest<Part>(partPath(id, 'incoming'), { method: 'PUT', body, auth: true })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['parts'] }),
  });
}

/**
 * Pieces that arrived: they go to the waiting orders first, the rest to stock. The part, the
 * orders and the overview are read again after it.
 */
export function useReceive(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReceiveBody) =>
      (await apiRequest<Received>(partPath(id, 'receive'), { method: 'POST', body, auth: true })).data,
    onSuccess: () =>
      Promise.all(
        ['parts', 'orders', 'overview'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
      ),
  });
}
