import type { Category, CategoryAttribute } from '@shop/contract/catalog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every category of the catalog (a tree by parentId, at most 1,000), with its attributes. */
export function useCategories() {
  return useQuery({
    queryKey: ['categories'],
    queryFn: async () => (await apiRequest<Category[]>('/api/categories')).data,
  });
}

export interface CategoryInput {
  name: string;
  parentId: string | null;
  attributes: CategoryAttribute[];
  /** The UNSPSC code (8 digits); null: none. */
  unspsc: string | null;
}

/** Adds a category, or changes the one named by `id`. */
export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: CategoryInput & { id?: string }) =>
      apiRequest(id ? `/api/categories/${encodeURIComponent(id)}` : '/api/categories', {
        method: id ? 'PUT' : 'POST',
        body,
        auth: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['categories'] }),
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/categories/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['categories'] }),
  });
}
