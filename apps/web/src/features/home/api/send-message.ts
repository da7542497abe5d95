import type { NewMessageBody } from '@shop/contract/messages';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function useSendMessage() {
  return useMutation({
    mutationFn: (message: NewMessageBody) =>
      apiRequest<{ insertedId: string }>('/api/messages', { method: 'POST', body: message }),
  });
}
