import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function useDeletePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/partsById?${new URLSearchParams({ id })}`, { method: 'DELETE', auth: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['parts'] }),
  });
}
