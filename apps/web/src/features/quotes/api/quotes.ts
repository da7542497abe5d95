import {
  QUOTE_THREAD_PAGE,
  type Quote,
  type QuoteMessage,
  type QuoteMessageBody,
  type QuoteOfferInput,
  type QuoteRequestInput,
  type QuoteStatus,
} from '@shop/contract/quotes';
import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fetchPage, type Page, pageParams } from '../../../lib/paged-list';

/** How many quotes a page of My Quotes and of Quotes shows. */
export const QUOTES_PAGE_SIZE = 20;

/** docs/product.md §8: a refused load signs the user out; the page says so itself. */
const refusalSignsOut = { refusalSignsOut: true };

/** A page of quotes, newest first: the buyer's own, or every buyer's for an admin (the server decides). */
export function quotesQuery(page: Page, status: QuoteStatus | '') {
  const search = pageParams(page);
  if (status) search.set('status', status);
  return queryOptions({
    queryKey: ['quotes', 'list', page, status],
    queryFn: async ({ signal }) => {
      const { rows, total } = await fetchPage<Quote>(`/api/quotes?${search}`, { auth: true, signal });
      return { quotes: rows, total };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: refusalSignsOut,
  });
}

export function quoteQuery(id: string) {
  return queryOptions({
    queryKey: ['quotes', 'one', id],
    queryFn: async ({ signal }) =>
      (await apiRequest<Quote>(`/api/quotes/${encodeURIComponent(id)}`, { auth: true, signal })).data,
    staleTime: 0,
  });
}

export const useQuotes = (page: Page, status: QuoteStatus | '') => useQuery(quotesQuery(page, status));
export const useQuote = (id: string) => useQuery(quoteQuery(id));

const quotePath = (id: string, action = '') => `/api/quotes/${encodeURIComponent(id)}${action}`;

/**
 * The messages of a quote's thread older than the newest QUOTE_THREAD_PAGE (which the quote
 * itself carries), a page at a time from `GET /api/quotes/{id}/messages`: each page is the
 * QUOTE_THREAD_PAGE before the one loaded last, oldest first. Read only once `enabled`; read again
 * with the quote after any change (the same `quotes` key), so the pages and the quote agree.
 */
export function useEarlierQuoteMessages(id: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['quotes', 'earlier-messages', id],
    initialPageParam: QUOTE_THREAD_PAGE,
    queryFn: ({ pageParam, signal }) =>
      fetchPage<QuoteMessage>(
        `${quotePath(id, '/messages')}?${pageParams({ limit: QUOTE_THREAD_PAGE, offset: pageParam })}`,
        { auth: true, signal },
      ),
    getNextPageParam: (last, _pages, offset) =>
      offset + QUOTE_THREAD_PAGE < last.total ? offset + QUOTE_THREAD_PAGE : undefined,
    enabled,
    staleTime: 0,
  });
}

/** After any change to a quote, its page and the lists are read again. */
function useRefreshQuotes() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['quotes'] });
}

/** `POST /api/quotes`: a buyer asks a price for lines; answers the new quote's id. */
export function useRequestQuote() {
  const refresh = useRefreshQuotes();
  return useMutation({
    mutationFn: async (request: QuoteRequestInput) =>
      (await apiRequest<{ insertedId: string }>('/api/quotes', { method: 'POST', body: request, auth: true }))
        .data,
    onSuccess: refresh,
  });
}

/** `POST /api/quotes/{id}/messages`: a reply in the quote's thread (the buyer's or the shop's). */
export function useSendQuoteMessage(id: string) {
  const refresh = useRefreshQuotes();
  return useMutation({
    mutationFn: (body: QuoteMessageBody) =>
      apiRequest(quotePath(id, '/messages'), { method: 'POST', body, auth: true }),
    onSuccess: refresh,
  });
}

/** `PUT /api/quotes/{id}` (admins): the offer, a unit price for every line and until when it holds. */
export function useSendOffer(id: string) {
  const refresh = useRefreshQuotes();
  return useMutation({
    mutationFn: (offer: QuoteOfferInput) =>
      apiRequest(quotePath(id), { method: 'PUT', body: offer, auth: true }),
    onSuccess: refresh,
  });
}

/**
 * `POST /api/quotes/{id}/accept`: the offer becomes an order at its prices (its pieces taken now),
 * so stock and the orders are read again too. Answers the order's id.
 */
export function useAcceptQuote(onAccepted: (orderId: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await apiRequest<{ orderId: string }>(quotePath(id, '/accept'), { method: 'POST', auth: true })).data,
    onSuccess: ({ orderId }) => onAccepted(orderId),
    onSettled: () =>
      Promise.all(
        ['quotes', 'orders', 'parts'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
      ),
  });
}

/** `POST /api/quotes/{id}/decline`. */
export function useDeclineQuote(onDeclined: () => void) {
  const refresh = useRefreshQuotes();
  return useMutation({
    mutationFn: (id: string) => apiRequest(quotePath(id, '/decline'), { method: 'POST', auth: true }),
    onSuccess: onDeclined,
    onSettled: refresh,
  });
}
