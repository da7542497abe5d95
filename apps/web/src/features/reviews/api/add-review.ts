import type { NewReviewBody } from '@shop/contract/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: NewReviewBody) =>
      apiRequest<{ insertedId: string }>('/api/review', { method: 'POST', body: review, auth: true }),
    // The home page shows the new review at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reviews'] }),
  });
}
