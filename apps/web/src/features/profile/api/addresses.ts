import type { AddressInput, SavedAddress } from '@shop/contract/addresses';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const addressesKey = ['addresses'] as const;

/** The buyer's saved delivery addresses: kept on My Profile, offered at the order builder's checkout. */
export const addressesQuery = queryOptions({
  queryKey: addressesKey,
  queryFn: async ({ signal }) =>
    (await apiRequest<SavedAddress[]>('/api/addresses', { auth: true, signal })).data,
  retry: false,
  // Without them the checkout still takes a new address, and My Profile says so itself: no toast.
  meta: { quiet: true },
});

/** The saved addresses; asked only while `enabled`. */
export const useAddresses = (enabled = true) => useQuery({ ...addressesQuery, enabled });

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

/** `onDeleted` once an address is gone (room for another: a refusal for too many is over). */
export function useDeleteAddress(onDeleted?: () => void) {
  const refresh = useRefreshAddresses();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/addresses/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true }),
    onSuccess: onDeleted,
    onSettled: refresh,
  });
}
