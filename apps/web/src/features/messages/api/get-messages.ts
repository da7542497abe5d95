import type { Message } from '@shop/contract/messages';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPage, type Page, pageParams } from '../../../lib/paged-list';

/** How many messages a page of Messages shows. */
export const MESSAGES_PAGE_SIZE = 20;

export function messagesQuery(page: Page) {
  return queryOptions({
    queryKey: ['messages', page],
    queryFn: ({ signal }) => fetchPage<Message>(`/api/messages?${pageParams(page)}`, { auth: true, signal }),
    placeholderData: keepPreviousData,
    meta: { refusalSignsOut: true },
  });
}

export function useMessages(page: Page) {
  return useQuery(messagesQuery(page));
}
