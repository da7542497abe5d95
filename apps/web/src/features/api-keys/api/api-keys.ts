import type { ApiKey, CreatedApiKey, NewApiKeyBody } from '@shop/contract/api-keys';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const KEY = ['api-keys'] as const;

/** `GET /api/api-keys`: the signed-in user's keys, without the keys themselves. */
export const apiKeysQuery = queryOptions({
  queryKey: KEY,
  queryFn: async ({ signal }) => (await apiRequest<ApiKey[]>('/api/api-keys', { auth: true, signal })).data,
  staleTime: 0,
});

export const useApiKeys = () => useQuery(apiKeysQuery);

function useRefreshKeys() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

/** `POST /api/api-keys`: answers the new key, which the shop shows this once. */
export function useCreateApiKey() {
  const refresh = useRefreshKeys();
  return useMutation({
    mutationFn: async (body: NewApiKeyBody) =>
      (await apiRequest<CreatedApiKey>('/api/api-keys', { method: 'POST', body, auth: true })).data,
    onSettled: refresh,
  });
}

export function useRevokeApiKey() {
  const refresh = useRefreshKeys();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true }),
    onSettled: refresh,
  });
}
