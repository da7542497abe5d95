import type { AddressInput, SavedAddress } from '@shop/contract/addresses';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const addressesKey = ['addresses'] as const;

/**
 * The buyer's saved delivery addresses: kept on My Profile, offered at the order builder's
 * checkout. `enabled` false for an admin, whom the API refuses.
 */
export const useAddresses = (enabled = true) =>
  useQuery({
    queryKey: addressesKey,
    queryFn: async ({ signal }) =>
      (await apiRequest<SavedAddress[]>('/api/addresses', { auth: true, signal })).data,
    enabled,
    retry: false,
    // Without them the checkout still takes a new address, and My Profile says so itself: no toast.
    meta: { quiet: true },
  });

/** The addresses are read again after each change. */
function useRefreshAddresses() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: addressesKey });
}

export function useSaveAddress() {
  const refresh = useRefreshAddresses();
  return useMutation({
    mutationFn: async (address: AddressInput) =>
      (
        await apiRequest<{ insertedId: string }>('/api/addresses', {
          method: 'POST',
          body: address,
          auth: true,
        })
      ).data,
    onSuccess: refresh,
  });
}

export function useDeleteAddress() {
  const refresh = useRefreshAddresses();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/addresses/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true }),
    onSettled: refresh,
  });
}
