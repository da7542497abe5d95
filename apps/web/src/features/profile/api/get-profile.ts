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

/** The profile of `email`; asked only while `enabled` (a page that knows it will need it soon). */
export function useProfile(email: string, enabled = true) {
  return useQuery({ ...profileQuery(email), enabled });
}
