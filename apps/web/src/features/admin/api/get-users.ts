import type { User } from '@shop/contract/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPage, type Page, pageParams } from '../../../lib/paged-list';

/** How many users a page of Make Admin shows. */
export const USERS_PAGE_SIZE = 20;

/** Every page of the user list: what a promotion makes stale. */
export const USERS_KEY = ['users'] as const;

/** A page of every user, oldest first, with how many there are (`GET /api/users` is paged). */
export function usersQuery(page: Page) {
  return queryOptions({
    queryKey: [...USERS_KEY, page],
    queryFn: ({ signal }) => fetchPage<User>(`/api/users?${pageParams(page)}`, { auth: true, signal }),
    placeholderData: keepPreviousData,
    // docs/product.md §8: a refusal signs the user out instead of showing a load-error toast.
    meta: { refusalSignsOut: true },
  });
}

export function useUsers(page: Page) {
  return useQuery(usersQuery(page));
}
