import type { PaymentsConfig } from '@shop/contract/payments';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const paymentsConfigQuery = queryOptions({
  queryKey: ['payments', 'config'],
  queryFn: async ({ signal }) => (await apiRequest<PaymentsConfig>('/api/payments/config', { signal })).data,
  staleTime: Number.POSITIVE_INFINITY,
});
export const usePaymentsConfig = () => useQuery(paymentsConfigQuery);

/** docs/product.md §7: a client secret for the order, or the amount-limit refusal. */
export function clientSecretQuery(orderId: string) {
  return queryOptions({
    queryKey: ['payments', 'secret', orderId],
    queryFn: async () =>
      (
        await apiRequest<{ clientSecret: string }>('/api/create-payment-intent', {
          method: 'POST',
          body: { _id: orderId },
          auth: true,
        })
      ).data.clientSecret,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { quiet: true },
  });
}
export const useClientSecret = (orderId: string, enabled: boolean) =>
  useQuery({ ...clientSecretQuery(orderId), enabled });

export interface CardInput {
  number: string;
  exp: string;
  cvc: string;
}

/** Pays with the shop's test provider, then records the payment on the order (as with any provider). */
export function useTestCardPayment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ clientSecret, card }: { clientSecret: string; card: CardInput }) => {
      const confirmed = await apiRequest<{ paymentIntent: { id: string; status: string } }>(
        '/api/payments/test/confirm',
        { method: 'POST', body: { clientSecret, card }, auth: true },
      );
      return recordPayment(orderId, confirmed.data.paymentIntent.id);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}

export async function recordPayment(orderId: string, paymentId: string): Promise<string> {
  await apiRequest(`/api/purchaseById/${encodeURIComponent(orderId)}`, {
    method: 'PUT',
    body: { paymentId },
    auth: true,
  });
  return paymentId;
}
