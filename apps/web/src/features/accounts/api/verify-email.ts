import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/verify-email with the token of the mailed link, signed in to its account. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest('/api/auth/verify-email', { method: 'POST', body: { token }, auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profile'] }),
  });
}

/** POST /api/auth/verify-email/resend: a new link for the signed-in user. */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => apiRequest('/api/auth/verify-email/resend', { method: 'POST', auth: true }),
  });
}
