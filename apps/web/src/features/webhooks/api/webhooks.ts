import type { CreatedWebhook, NewWebhookBody, Webhook, WebhookDeliveryList } from '@shop/contract/webhooks';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const KEY = ['webhooks'] as const;
const path = (id: string) => `/api/webhooks/${encodeURIComponent(id)}`;

/** `GET /api/webhooks`: the signed-in user's subscriptions, oldest first, never their secrets. */
export const webhooksQuery = queryOptions({
  queryKey: KEY,
  queryFn: async ({ signal }) => (await apiRequest<Webhook[]>('/api/webhooks', { auth: true, signal })).data,
  staleTime: 0,
});

export const useWebhooks = () => useQuery(webhooksQuery);

/** `GET /api/webhooks/{id}/deliveries`: the newest deliveries of one subscription. */
export const deliveriesQuery = (id: string, before?: string) =>
  queryOptions({
    queryKey: [...KEY, id, 'deliveries', before ?? null],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ limit: '20' });
      if (before) query.set('before', before);
      return (
        await apiRequest<WebhookDeliveryList>(`${path(id)}/deliveries?${query}`, { auth: true, signal })
      ).data;
    },
    staleTime: 0,
  });

/** While a delivery shown is pending, the list is read again every 5 seconds: its attempts come in. */
export const useDeliveries = (id: string, before?: string) =>
  useQuery({
    ...deliveriesQuery(id, before),
    refetchInterval: (query) =>
      query.state.data?.items.some((delivery) => delivery.status === 'pending') ? 5_000 : false,
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

/** `POST /api/webhooks`: answers the signing secret, which the shop shows this once. */
export function useCreateWebhook() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: NewWebhookBody) =>
      (await apiRequest<CreatedWebhook>('/api/webhooks', { method: 'POST', body, auth: true })).data,
    onSettled: refresh,
  });
}

export function useDeleteWebhook() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiRequest(path(id), { method: 'DELETE', auth: true }),
    onSettled: refresh,
  });
}

/** `POST …/send-again`: the delivery is due again now. */
export function useSendAgain(webhookId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      apiRequest(`${path(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/send-again`, {
        method: 'POST',
        auth: true,
      }),
    onSettled: refresh,
  });
}
