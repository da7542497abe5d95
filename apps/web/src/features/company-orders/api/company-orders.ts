import type { Company } from '@shop/contract/companies';
import type { Order } from '@shop/contract/orders';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fetchPage, type Page, pageParams } from '../../../lib/paged-list';

/** How many orders a page of a company's orders (and of its approvals) shows. */
export const COMPANY_ORDERS_PAGE_SIZE = 20;

const companyPath = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}`;

/**
 * `GET /api/companies/{id}/orders` (company admins): a page of every member's orders, newest
 * first; `pendingOnly` keeps those waiting for approval.
 */
export function companyOrdersQuery(companyId: string, page: Page, pendingOnly: boolean) {
  const search = pageParams(page);
  if (pendingOnly) search.set('approval', 'pending');
  return queryOptions({
    queryKey: ['orders', 'company', companyId, page, pendingOnly],
    queryFn: async ({ signal }) => {
      const { rows, total } = await fetchPage<Order>(`${companyPath(companyId)}/orders?${search}`, {
        auth: true,
        signal,
      });
      return { orders: rows, total };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    // CompanyOrders shows a refusal (not the company's admin) in place.
    meta: { quiet: true },
  });
}

export const useCompanyOrders = (companyId: string, page: Page, pendingOnly: boolean) =>
  useQuery(companyOrdersQuery(companyId, page, pendingOnly));

/** `GET /api/companies/{id}`: a member reads their company (its terms, its members' limits). */
export function companyQuery(companyId: string) {
  return queryOptions({
    queryKey: ['companies', 'one', companyId],
    queryFn: async ({ signal }) =>
      (await apiRequest<Company>(companyPath(companyId), { auth: true, signal })).data,
    staleTime: 60_000,
    retry: false,
    // Only the figure of a waiting order's reason: without it the reason is said without it.
    meta: { quiet: true },
  });
}

/** The company of an order, only when `wanted` (a buyer's order waiting for approval). */
export const useCompany = (companyId: string | undefined, wanted: boolean) =>
  useQuery({ ...companyQuery(companyId ?? ''), enabled: wanted && companyId !== undefined });

/**
 * A decision or a payment changes the orders, what the overview counts, and (rejected) stock. The
 * lists are read again in the background: the decision's own answer (its toast) does not wait for
 * them.
 */
function useRefreshOrders() {
  const queryClient = useQueryClient();
  return () => {
    for (const key of ['orders', 'overview', 'parts'])
      void queryClient.invalidateQueries({ queryKey: [key] });
  };
}

/**
 * `POST /api/orders/{id}/approve` or `/reject` (a company admin of the order's company); an order
 * already decided answers 409, shown as it comes.
 */
export function useDecideOrder() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'reject' }) =>
      apiRequest(`/api/orders/${encodeURIComponent(id)}/${decision}`, { method: 'POST', auth: true }),
    onSettled: refresh,
  });
}

/** `PUT /api/purchaseById/{id}/settlement` (shop admins): a net-30 invoice's bank payment came in. */
export function useRecordSettlement() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: ({ id, reference }: { id: string; reference: string }) =>
      apiRequest(`/api/purchaseById/${encodeURIComponent(id)}/settlement`, {
        method: 'PUT',
        body: { reference },
        auth: true,
      }),
    onSettled: refresh,
  });
}
