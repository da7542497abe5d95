import type { FittingTool, Tool, ToolInput } from '@shop/contract/tools';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fetchPage } from '../../../lib/paged-list';

/** The most tool models a page of /tools shows (the API's page at most). */
export const TOOLS_PAGE = 20;

export interface ToolsPageParams {
  limit: number;
  offset?: number;
  /** A model number or its start. */
  q?: string;
}

export function toolsQuery(page: ToolsPageParams) {
  const search = new URLSearchParams({ limit: String(page.limit) });
  if (page.offset) search.set('offset', String(page.offset));
  if (page.q) search.set('q', page.q);
  return queryOptions({
    queryKey: ['tools', 'page', page.limit, page.offset ?? 0, page.q ?? ''],
    queryFn: async ({ signal }) => {
      const { rows, total } = await fetchPage<Tool>(`/api/tools?${search}`, { signal });
      return { tools: rows, total };
    },
  });
}

export function toolQuery(id: string) {
  return queryOptions({
    queryKey: ['tools', 'one', id],
    queryFn: async ({ signal }) =>
      (await apiRequest<Tool>(`/api/tools/${encodeURIComponent(id)}`, { signal })).data,
    // Prices and stock of its parts change with every order.
    staleTime: 0,
  });
}

export const useTools = (page: ToolsPageParams) => useQuery(toolsQuery(page));

/** The tool models a part fits, with its position in each. */
export function useFittingTools(partId: string) {
  return useQuery({
    queryKey: ['tools', 'fitting', partId],
    queryFn: async ({ signal }) =>
      (await apiRequest<FittingTool[]>(`/api/tools/fitting?${new URLSearchParams({ partId })}`, { signal }))
        .data,
    meta: { quiet: true },
  });
}

/** docs/product.md §5: a picture goes to the image upload first; the tool then names its address. */
export async function uploadImage(image: File): Promise<string> {
  const form = new FormData();
  form.append('image', image);
  const uploaded = await apiRequest<{ data: { url: string } }>('/api/images', {
    method: 'POST',
    body: form,
    auth: true,
  });
  return uploaded.data.data.url;
}

function useRefreshTools() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['tools'] });
}

/** Adds a tool model (`id` undefined) or replaces one. */
export function useSaveTool() {
  const refresh = useRefreshTools();
  return useMutation({
    mutationFn: async ({ id, tool }: { id: string | undefined; tool: ToolInput }) =>
      id
        ? (
            await apiRequest(`/api/tools/${encodeURIComponent(id)}`, {
              method: 'PUT',
              body: tool,
              auth: true,
            })
          ).data
        : (await apiRequest<{ insertedId: string }>('/api/tools', { method: 'POST', body: tool, auth: true }))
            .data,
    onSettled: refresh,
  });
}

export function useDeleteTool() {
  const refresh = useRefreshTools();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/tools/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true }),
    onSettled: refresh,
  });
}
