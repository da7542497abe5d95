import type { NewPartInput } from '@shop/contract/parts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** SPEC.md §5: the picture goes to the image upload first, then the part is created with its address. */
export function useAddPart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ image, ...part }: Omit<NewPartInput, 'img'> & { image: File }) => {
      const form = new FormData();
      form.append('image', image);
      const uploaded = await apiRequest<{ data: { url: string } }>('/api/images', {
        method: 'POST',
        body: form,
        auth: true,
      });
      return apiRequest<{ insertedId: string }>('/api/parts', {
        method: 'POST',
        body: { ...part, img: uploaded.data.data.url },
        auth: true,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['parts'] }),
  });
}
