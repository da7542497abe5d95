import type { AddressInput, SavedAddress } from '@shop/contract/addresses';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The buyer's saved delivery addresses, offered at checkout. */
export const useAddresses = () =>
  useQuery({
    queryKey: ['addresses'],
    queryFn: async ({ signal }) =>
      (await apiRequest<SavedAddress[]>('/api/addresses', { auth: true, signal })).data,
    retry: false,
    // Without them the checkout still takes a new address: no toast.
    meta: { quiet: true },
  });

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (address: AddressInput) =>
      (
        await apiRequest<{ insertedId: string }>('/api/addresses', {
          method: 'POST',
          body: address,
          auth: true,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['addresses'] }),
  });
}
