import type { NewPartInput } from '@shop/contract/parts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** docs/product.md §5: a picture goes to the image upload first; the part then names its address. */
async function uploadImage(image: File): Promise<string> {
  const form = new FormData();
  form.append('image', image);
  const uploaded = await apiRequest<{ data: { url: string } }>('/api/images', {
    method: 'POST',
    body: form,
    auth: true,
  });
  return uploaded.data.data.url;
}

type PartFields = Omit<NewPartInput, 'img'>;

export function useAddPart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ image, ...part }: PartFields & { image: File }) =>
      apiRequest<{ insertedId: string }>('/api/parts', {
        method: 'POST',
        body: { ...part, img: await uploadImage(image) },
        auth: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['parts'] }),
  });
}

/** Edit or restock a part; without a new picture it keeps `currentImg`. */
export function useEditPart(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      image,
      currentImg,
      ...part
    }: PartFields & { image: File | undefined; currentImg: string }) =>
      apiRequest(`/api/partsById?${new URLSearchParams({ id })}`, {
        method: 'PUT',
        body: { ...part, img: image ? await uploadImage(image) : currentImg },
        auth: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['parts'] }),
  });
}
