import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { USERS_KEY } from './get-users';

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/usersById?${new URLSearchParams({ id })}`, { method: 'PUT', auth: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
