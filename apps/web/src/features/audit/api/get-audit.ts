import type { AuditEntry } from '@shop/contract/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** How many entries a page of Activity shows. */
export const AUDIT_PAGE_SIZE = 25;

export function auditQuery(page: { limit: number; offset: number }) {
  return queryOptions({
    queryKey: ['audit', page],
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiRequest<AuditEntry[]>(
        `/api/audit?${new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) })}`,
        { auth: true, signal },
      );
      return { entries: data, total: Number(headers.get('x-total-count') ?? data.length) };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { refusalSignsOut: true },
  });
}

export const useAudit = (page: { limit: number; offset: number }) => useQuery(auditQuery(page));
