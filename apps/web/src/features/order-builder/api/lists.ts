import type { ListInput, SavedList } from '@shop/contract/lists';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const listsQuery = queryOptions({
  queryKey: ['lists'],
  queryFn: async ({ signal }) => (await apiRequest<SavedList[]>('/api/lists', { auth: true, signal })).data,
  staleTime: 0,
});

export const useLists = () => useQuery(listsQuery);

/** The lists are read again after each change. */
function useRefreshLists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['lists'] });
}

export function useCreateList() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: async (list: ListInput) =>
      (await apiRequest<{ insertedId: string }>('/api/lists', { method: 'POST', body: list, auth: true }))
        .data,
    onSuccess: refresh,
  });
}

export function useUpdateList() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: async ({ id, list }: { id: string; list: ListInput }) =>
      (await apiRequest(`/api/lists/${encodeURIComponent(id)}`, { method: 'PUT', body: list, auth: true }))
        .data,
    onSettled: refresh,
  });
}

export function useDeleteList() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/lists/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true }),
    onSettled: refresh,
  });
}
