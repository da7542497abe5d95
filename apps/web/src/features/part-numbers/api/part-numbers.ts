import type { CustomerPartNumbers, CustomerPartNumbersInput } from '@shop/contract/customer-part-numbers';
import type { PartSearchResult } from '@shop/contract/parts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The caller's set as read, with its ETag: a change names the set it changes (If-Match). */
export type PartNumberSet = CustomerPartNumbers & { etag: string | undefined };

const PATH = '/api/customer-part-numbers';
const KEY = ['customer-part-numbers'] as const;

/** `GET /api/customer-part-numbers`: the signed-in buyer's own numbers, or their company's. */
export const partNumbersQuery = queryOptions({
  queryKey: KEY,
  queryFn: async ({ signal }): Promise<PartNumberSet> => {
    const { data, headers } = await apiRequest<CustomerPartNumbers>(PATH, { auth: true, signal });
    return { ...data, etag: headers.get('etag') ?? undefined };
  },
  // A colleague may change the company's numbers: read again when a page asks.
  staleTime: 30_000,
});

export const usePartNumbers = () => useQuery({ ...partNumbersQuery, staleTime: 0 });

/**
 * `PUT /api/customer-part-numbers`: the whole set becomes `items`, only while it is still the set
 * read (`etag`, sent as If-Match); answers the new set.
 */
export async function savePartNumbers({
  items,
  etag,
}: {
  items: CustomerPartNumbersInput['items'];
  etag: string | undefined;
}): Promise<PartNumberSet> {
  const { data, headers } = await apiRequest<CustomerPartNumbers>(PATH, {
    method: 'PUT',
    body: { items },
    auth: true,
    ...(etag ? { headers: { 'if-match': etag } } : {}),
  });
  return { ...data, etag: headers.get('etag') ?? undefined };
}

export function useSavePartNumbers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePartNumbers,
    onSuccess: (set) => queryClient.setQueryData(KEY, set),
    // Refused because the set changed meanwhile: read it again.
    onError: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** The parts the catalog's search finds for `q` (an id, a number or words): the first few, to choose from. */
export function partSearchQuery(q: string, limit: number) {
  const params = new URLSearchParams({ q, limit: String(limit) });
  return queryOptions({
    queryKey: ['customer-part-numbers', 'parts', q, limit],
    queryFn: async ({ signal }) =>
      (await apiRequest<PartSearchResult>(`/api/catalog/search?${params}`, { signal })).data.parts,
    meta: { quiet: true },
    retry: false,
  });
}
