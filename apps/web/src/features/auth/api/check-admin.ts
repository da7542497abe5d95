import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { usePunchout } from '../../../lib/punchout-session';
import { useSession } from '../session';

export function checkAdminQuery(email: string) {
  return queryOptions({
    queryKey: ['checkAdmin', email],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ admin: boolean }>(`/api/checkAdmin/${encodeURIComponent(email)}`, {
          auth: true,
          signal,
        })
      ).data.admin,
    // The role can change at any time; the server decides anyway.
    staleTime: 30_000,
  });
}

/** docs/product.md §4: the admin flag, loading until the server answers; fires once the email is known. */
export function useIsAdmin(): { loading: boolean; admin: boolean } {
  const session = useSession();
  // A punchout's buyer is a company's buyer, never the shop's admin (the server asks no more).
  const punchout = usePunchout() !== null;
  const email = session.status === 'signed-in' && !punchout ? session.user.email : '';
  const query = useQuery({ ...checkAdminQuery(email), enabled: email !== '' });
  // Only the server's refusal counts as "not admin"; a network failure keeps the page waiting.
  const refused = query.error instanceof ApiError && query.error.status >= 400 && query.error.status < 500;
  const waiting = email !== '' && (query.isPending || (query.isError && !refused));
  if (punchout) return { loading: false, admin: false };
  return { loading: session.status === 'loading' || waiting, admin: query.data === true };
}
