import type {
  AcceptedInvitation,
  Company,
  CompanyInput,
  CompanyRole,
  CompanySummary,
  InvitationInput,
  PaymentTerms,
  PendingInvitation,
} from '@shop/contract/companies';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fetchPage, type Page, pageParams } from '../../../lib/paged-list';
import { usePunchout } from '../../../lib/punchout-session';

/** How many companies a page of the shop admin's Companies shows. */
export const COMPANIES_PAGE_SIZE = 20;

const companyPath = (id: string, rest = '') => `/api/companies/${encodeURIComponent(id)}${rest}`;

/** `GET /api/companies/mine`: the signed-in buyer's company, or null when they belong to none. */
export const myCompanyQuery = queryOptions({
  queryKey: ['companies', 'mine'],
  queryFn: async ({ signal }): Promise<Company | null> =>
    (await apiRequest<Company | null>('/api/companies/mine', { auth: true, signal })).data,
  staleTime: 0,
  meta: { quiet: true },
});

export const useMyCompany = () => useQuery(myCompanyQuery);

/** `GET /api/companies/{id}/invitations`: the open invitations (company admins). */
export function invitationsQuery(companyId: string) {
  return queryOptions({
    queryKey: ['companies', 'invitations', companyId],
    queryFn: async ({ signal }) =>
      (await apiRequest<PendingInvitation[]>(companyPath(companyId, '/invitations'), { auth: true, signal }))
        .data,
    staleTime: 0,
  });
}

export const useInvitations = (companyId: string, enabled: boolean) =>
  useQuery({ ...invitationsQuery(companyId), enabled });

/** `GET /api/companies` (the shop's admin): a page of every company, newest first. */
export function companiesQuery(page: Page) {
  return queryOptions({
    queryKey: ['companies', 'list', page],
    queryFn: async ({ signal }) => {
      const { rows, total } = await fetchPage<CompanySummary>(`/api/companies?${pageParams(page)}`, {
        auth: true,
        signal,
      });
      return { companies: rows, total };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { refusalSignsOut: true },
  });
}

export const useCompanies = (page: Page) => useQuery(companiesQuery(page));

/** After any change, the company, its invitations and the admin's list are read again. */
function useRefreshCompanies() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['companies'] });
}

/** `POST /api/companies`: the caller's new company (they become its admin). */
export function useCreateCompany() {
  const refresh = useRefreshCompanies();
  return useMutation({
    mutationFn: async (company: CompanyInput) =>
      (
        await apiRequest<{ insertedId: string }>('/api/companies', {
          method: 'POST',
          body: company,
          auth: true,
        })
      ).data,
    onSuccess: refresh,
  });
}

/** `POST /api/companies/{id}/invitations`: mails the person a link to join. */
export function useInvite(companyId: string) {
  const refresh = useRefreshCompanies();
  return useMutation({
    mutationFn: (invitation: InvitationInput) =>
      apiRequest(companyPath(companyId, '/invitations'), { method: 'POST', body: invitation, auth: true }),
    onSuccess: refresh,
  });
}

/** `DELETE /api/companies/{id}/invitations/{invitationId}`: its link stops working. */
export function useWithdrawInvitation(companyId: string) {
  const refresh = useRefreshCompanies();
  return useMutation({
    mutationFn: (invitationId: string) =>
      apiRequest(companyPath(companyId, `/invitations/${encodeURIComponent(invitationId)}`), {
        method: 'DELETE',
        auth: true,
      }),
    onSettled: refresh,
  });
}

export interface MemberChange {
  uid: string;
  role?: CompanyRole;
  spendingLimit?: number | null;
}

/** `PUT /api/companies/{id}/members/{uid}`: a member's role or monthly limit. */
export function useChangeMember(companyId: string) {
  const refresh = useRefreshCompanies();
  return useMutation({
    mutationFn: ({ uid, ...change }: MemberChange) =>
      apiRequest(companyPath(companyId, `/members/${encodeURIComponent(uid)}`), {
        method: 'PUT',
        body: change,
        auth: true,
      }),
    onSettled: refresh,
  });
}

/** `DELETE /api/companies/{id}/members/{uid}`. */
export function useRemoveMember(companyId: string) {
  const refresh = useRefreshCompanies();
  return useMutation({
    mutationFn: (uid: string) =>
      apiRequest(companyPath(companyId, `/members/${encodeURIComponent(uid)}`), {
        method: 'DELETE',
        auth: true,
      }),
    onSettled: refresh,
  });
}

/** `PUT /api/companies/{id}/payment-terms` (the shop's admin). */
export function useSetPaymentTerms() {
  const refresh = useRefreshCompanies();
  return useMutation({
    mutationFn: ({ companyId, paymentTerms }: { companyId: string; paymentTerms: PaymentTerms }) =>
      apiRequest(companyPath(companyId, '/payment-terms'), {
        method: 'PUT',
        body: { paymentTerms },
        auth: true,
      }),
    onSettled: refresh,
  });
}

/** `POST /api/invitations/accept`: joins the company of the mailed invitation; answers its id. */
export function useAcceptInvitation() {
  const refresh = useRefreshCompanies();
  return useMutation({
    mutationFn: async (token: string) =>
      (
        await apiRequest<AcceptedInvitation>('/api/invitations/accept', {
          method: 'POST',
          body: { token },
          auth: true,
        })
      ).data,
    onSuccess: refresh,
  });
}

/**
 * Whether the signed-in buyer's orders are paid by card: unless their company buys on account
 * (net 30). Card, as the stricter answer, while their company is being read.
 */
export function usePaysByCard(): boolean {
  // A punchout's lines go to the procurement system, which pays as its company does: not asked.
  const punchout = usePunchout() !== null;
  return useQuery({ ...myCompanyQuery, enabled: !punchout }).data?.paymentTerms !== 'net30';
}
