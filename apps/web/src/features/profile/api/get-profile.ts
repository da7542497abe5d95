import type { User } from '@shop/contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function profileQuery(email: string) {
  return queryOptions({
    queryKey: ['profile', email],
    queryFn: async ({ signal }) =>
      (await apiRequest<User>(`/api/usersByEmail?${new URLSearchParams({ email })}`, { auth: true, signal }))
        .data,
  });
}

export function useProfile(email: string) {
  return useQuery(profileQuery(email));
}
