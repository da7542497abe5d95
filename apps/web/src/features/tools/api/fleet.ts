import type { FleetEntry, FleetEntryInput } from '@shop/contract/tools';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const fleetQuery = queryOptions({
  queryKey: ['my-tools'],
  queryFn: async ({ signal }) =>
    (await apiRequest<FleetEntry[]>('/api/my-tools', { auth: true, signal })).data,
  staleTime: 0,
});

export const useFleet = () => useQuery(fleetQuery);

function useRefreshFleet() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['my-tools'] });
}

export function useAddFleetEntry() {
  const refresh = useRefreshFleet();
  return useMutation({
    mutationFn: async (entry: FleetEntryInput) =>
      (await apiRequest<{ insertedId: string }>('/api/my-tools', { method: 'POST', body: entry, auth: true }))
        .data,
    onSettled: refresh,
  });
}

export function useRemoveFleetEntry() {
  const refresh = useRefreshFleet();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/my-tools/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true }),
    onSettled: refresh,
  });
}
