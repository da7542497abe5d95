import type { FulfilmentInput } from '@shop/contract/fulfilment';
import type { Order, OrderState, PurchaseInput } from '@shop/contract/orders';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fetchPage } from '../../../lib/paged-list';

/** docs/product.md §8: a refused load of orders signs the user out; the page says so itself. */
const refusalSignsOut = { refusalSignsOut: true };

async function orderPage(path: string, signal: AbortSignal) {
  const { rows, total } = await fetchPage<Order>(path, { auth: true, signal });
  return { orders: rows, total };
}

/** How many orders a page of My Order and of Manage All Order shows. */
export const ORDERS_PAGE_SIZE = 20;

/** Which orders a list shows: every order not cancelled (''), or the cancelled ones. */
export type OrderStatusChoice = '' | 'cancelled';

export function myOrdersQuery(
  email: string,
  page: { limit: number; offset: number },
  status: OrderStatusChoice = '',
) {
  const search = new URLSearchParams({ email, limit: String(page.limit), offset: String(page.offset) });
  if (status) search.set('status', status);
  return queryOptions({
    queryKey: ['orders', 'mine', email, page, status],
    queryFn: ({ signal }) => orderPage(`/api/purchaseByEmail?${search}`, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: refusalSignsOut,
  });
}

export interface OrderFilters {
  state: '' | OrderState;
  /** An order's number (SO-000123), or a piece of the buyer's email or name or of their company's name. */
  q: string;
  buyer: string;
  part: string;
  status: OrderStatusChoice;
}

/** Manage All Order's filters as the page opens: every order not cancelled. */
export const NO_ORDER_FILTERS: OrderFilters = { state: '', q: '', buyer: '', part: '', status: '' };

/** The filters as query parameters (empty ones left out). */
export function filterParams(filters: OrderFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value.trim()) params.set(key, value.trim());
  return params;
}

export function allOrdersQuery(page: { limit: number; offset: number }, filters: OrderFilters) {
  const search = filterParams(filters);
  search.set('limit', String(page.limit));
  search.set('offset', String(page.offset));
  return queryOptions({
    queryKey: ['orders', 'all', page, filters],
    queryFn: ({ signal }) => orderPage(`/api/purchase?${search}`, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: refusalSignsOut,
  });
}

export function orderQuery(id: string) {
  return queryOptions({
    queryKey: ['orders', 'one', id],
    queryFn: async ({ signal }) =>
      (await apiRequest<Order>(`/api/purchaseById/${encodeURIComponent(id)}`, { auth: true, signal })).data,
    staleTime: 0,
  });
}

export const useMyOrders = (
  email: string,
  page: { limit: number; offset: number },
  status: OrderStatusChoice = '',
) => useQuery(myOrdersQuery(email, page, status));
export const useAllOrders = (page: { limit: number; offset: number }, filters: OrderFilters) =>
  useQuery(allOrdersQuery(page, filters));
export const useOrder = (id: string) => useQuery(orderQuery(id));

/** Orders change stock: after one, the catalog and the order lists are read again. */
function useRefreshAfterOrderChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['orders'] }),
      queryClient.invalidateQueries({ queryKey: ['parts'] }),
    ]);
}

export function usePurchase() {
  const refresh = useRefreshAfterOrderChange();
  return useMutation({
    mutationFn: (order: PurchaseInput) =>
      apiRequest<{ insertedId: string }>('/api/purchase', { method: 'POST', body: order, auth: true }),
    onSuccess: refresh,
  });
}

/** A change of an order's fulfilment: the lists and the overview's count are read again after it. */
function useFulfilmentChange<Variables>(
  change: (variables: Variables) => { id: string; body: FulfilmentInput },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => {
      const { id, body } = change(variables);
      return apiRequest<Order>(`/api/purchaseById/${encodeURIComponent(id)}/fulfilment`, {
        method: 'PUT',
        body,
        auth: true,
      });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['overview'] }),
      ]),
  });
}

/** Admins: the order is on its way, with its carrier and tracking number (the buyer is mailed). */
export const useMarkShipped = () =>
  useFulfilmentChange((shipment: { id: string; carrier: string; trackingNumber: string }) => ({
    id: shipment.id,
    body: { status: 'shipped', carrier: shipment.carrier, trackingNumber: shipment.trackingNumber },
  }));

/** Admins: the shipped order has arrived. */
export const useMarkDelivered = () =>
  useFulfilmentChange((id: string) => ({ id, body: { status: 'delivered' } }));

export function useCancelOrder() {
  const refresh = useRefreshAfterOrderChange();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/purchaseById/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true }),
    onSettled: refresh,
  });
}
