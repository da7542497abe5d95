import type { AuditEntry } from '@shop/contract/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPage, type Page, pageParams } from '../../../lib/paged-list';

/** How many entries a page of Activity shows. */
export const AUDIT_PAGE_SIZE = 25;

export function auditQuery(page: Page) {
  return queryOptions({
    queryKey: ['audit', page],
    queryFn: ({ signal }) => fetchPage<AuditEntry>(`/api/audit?${pageParams(page)}`, { auth: true, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { refusalSignsOut: true },
  });
}

export const useAudit = (page: Page) => useQuery(auditQuery(page));
