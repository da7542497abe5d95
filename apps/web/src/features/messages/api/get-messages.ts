import type { Message } from '@shop/contract/messages';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** How many messages a page of Messages shows. */
export const MESSAGES_PAGE_SIZE = 20;

export function messagesQuery(page: { limit: number; offset: number }) {
  return queryOptions({
    queryKey: ['messages', page],
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiRequest<Message[]>(
        `/api/messages?${new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) })}`,
        { auth: true, signal },
      );
      return { messages: data, total: Number(headers.get('x-total-count') ?? data.length) };
    },
    placeholderData: keepPreviousData,
    meta: { refusalSignsOut: true },
  });
}

export function useMessages(page: { limit: number; offset: number }) {
  return useQuery(messagesQuery(page));
}
