import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { profileQuery } from './get-profile';

export function useUpdateMobile(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mobile: string) =>
      apiRequest(`/api/usersByEmail?${new URLSearchParams({ email })}`, {
        method: 'PUT',
        body: { mobile },
        auth: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQuery(email).queryKey }),
  });
}
