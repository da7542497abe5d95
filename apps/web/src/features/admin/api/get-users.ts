import type { User } from '@shop/contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const usersQuery = queryOptions({
  queryKey: ['users'],
  queryFn: async ({ signal }) => (await apiRequest<User[]>('/api/users', { auth: true, signal })).data,
  // docs/product.md §8: a refusal signs the user out instead of showing a load-error toast.
  meta: { refusalSignsOut: true },
});

export function useUsers() {
  return useQuery(usersQuery);
}
