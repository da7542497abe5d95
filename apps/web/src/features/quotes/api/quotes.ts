import type { ContractFromQuoteBody, ContractPrices } from '@shop/contract/contract-prices';
import { QUOTE_THREAD_PAGE } from '@shop/contract/quote-limits';
import type {
  AcceptQuoteInput,
  Quote,
  QuoteMessage,
  QuoteMessageBody,
  QuoteOfferInput,
  QuoteRequestInput,
  QuoteStatus,
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

/** A quote as its page read it, with the ETag of the answer: the offer it shows, which Accept names. */
export interface QuoteAsRead extends Quote {
  etag?: string | undefined;
}

export function quoteQuery(id: string) {
  return queryOptions({
    queryKey: ['quotes', 'one', id],
    queryFn: async ({ signal }): Promise<QuoteAsRead> => {
      const { data, headers } = await apiRequest<Quote>(`/api/quotes/${encodeURIComponent(id)}`, {
        auth: true,
        signal,
      });
      const etag = headers.get('etag');
      return etag ? { ...data, etag } : data;
    },
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

/** Where the order of an accepted offer goes: what the quote's page shows the buyer. */
export interface AcceptDelivery {
  mobile: string;
  address: string;
  poNumber?: string | undefined;
}

/**
 * `POST /api/quotes/{id}/accept` naming the offer the page shows: `If-Match` with the ETag it was
 * read with, and its `validUntil` (docs/api.md: another offer is current → 412, or 409, and nothing
 * is ordered), with the delivery shown on the page. Answers the order's id.
 */
export async function acceptOffer(
  quote: Pick<QuoteAsRead, '_id' | 'etag' | 'validUntil'>,
  delivery: AcceptDelivery,
): Promise<string> {
  const { mobile, address, poNumber } = delivery;
  const body: AcceptQuoteInput = {
    mobile,
    address,
    ...(poNumber ? { poNumber } : {}),
    ...(quote.validUntil ? { validUntil: quote.validUntil } : {}),
  };
  const { data } = await apiRequest<{ orderId: string }>(quotePath(quote._id, '/accept'), {
    method: 'POST',
    body,
    auth: true,
    ...(quote.etag ? { headers: { 'if-match': quote.etag } } : {}),
  });
  return data.orderId;
}

/**
 * The buyer accepts the offer the page shows: it becomes an order at its prices (its pieces taken
 * now), so stock and the orders are read again too, and the quote in any case (a refused accept
 * shows the new offer).
 */
export function useAcceptQuote(onAccepted: (orderId: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      quote,
      delivery,
    }: {
      quote: Pick<QuoteAsRead, '_id' | 'etag' | 'validUntil'>;
      delivery: AcceptDelivery;
    }) => acceptOffer(quote, delivery),
    onSuccess: (orderId) => onAccepted(orderId),
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

/**
 * `POST /api/quotes/{id}/contract` (admins): the accepted quote's unit prices become its buyer's
 * company's contract prices, through `validUntil` (a day) or with no end; answers the company's list.
 */
export function useMakeContractPrices(id: string) {
  return useMutation({
    mutationFn: async (body: ContractFromQuoteBody) =>
      (
        await apiRequest<ContractPrices>(`/api/quotes/${encodeURIComponent(id)}/contract`, {
          method: 'POST',
          body,
          auth: true,
        })
      ).data,
  });
}
