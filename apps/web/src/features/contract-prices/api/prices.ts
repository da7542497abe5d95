import type { ContractPrices, ContractPricesInput } from '@shop/contract/contract-prices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const pricesPath = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}/prices`;
const pricesKey = (companyId: string) => ['companies', companyId, 'prices'];

/** `GET /api/companies/{id}/prices`: the company's contract prices (its members and the shop's admin). */
export function useContractPrices(companyId: string) {
  return useQuery({
    queryKey: pricesKey(companyId),
    queryFn: async ({ signal }) =>
      (await apiRequest<ContractPrices>(pricesPath(companyId), { signal, auth: true })).data,
  });
}

/** `PUT /api/companies/{id}/prices` (the shop's admin): the company's whole list. */
export function useSaveContractPrices(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ContractPricesInput) =>
      (await apiRequest<ContractPrices>(pricesPath(companyId), { method: 'PUT', body, auth: true })).data,
    onSuccess: (saved) => client.setQueryData(pricesKey(companyId), saved),
    // Parts read before now carry the old prices.
    onSettled: () => client.invalidateQueries({ queryKey: ['parts'] }),
  });
}
