import type {
  PunchoutIdentity,
  PunchoutIdentityBody,
  PunchoutSession,
  TransferBody,
  TransferForm,
} from '@shop/contract/punchout';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

const identityPath = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}/punchout`;
const identityKey = (companyId: string) => ['punchout', 'identity', companyId] as const;

/** `GET /api/companies/{id}/punchout` (company admins): the identity, or null before the first save. */
export function punchoutIdentityQuery(companyId: string) {
  return queryOptions({
    queryKey: identityKey(companyId),
    queryFn: async ({ signal }) => {
      try {
        return (await apiRequest<PunchoutIdentity>(identityPath(companyId), { auth: true, signal })).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 0,
  });
}

export const usePunchoutIdentity = (companyId: string) => useQuery(punchoutIdentityQuery(companyId));

/**
 * `PUT /api/companies/{id}/punchout`: answers the identity, with the shared secret when this save
 * made one (the first, or "Make a new shared secret"). The kept identity never holds the secret.
 */
export function useSavePunchoutIdentity(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PunchoutIdentityBody) =>
      (await apiRequest<PunchoutIdentity>(identityPath(companyId), { method: 'PUT', body, auth: true })).data,
    onSuccess: ({ sharedSecret: _, ...kept }) => queryClient.setQueryData(identityKey(companyId), kept),
  });
}

/** `GET /api/punchout/session` with a StartPage's token, before the window keeps it. */
export async function fetchPunchoutSession(token: string): Promise<PunchoutSession> {
  return (
    await apiRequest<PunchoutSession>('/api/punchout/session', {
      headers: { authorization: `Bearer ${token}` },
    })
  ).data;
}

/** `POST /api/punchout/transfer`: the builder's lines, answered as the form for the procurement system. */
export function useTransfer() {
  return useMutation({
    mutationFn: async (body: TransferBody) =>
      (await apiRequest<TransferForm>('/api/punchout/transfer', { method: 'POST', body })).data,
  });
}
