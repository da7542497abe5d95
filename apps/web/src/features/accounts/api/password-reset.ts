import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/password-reset/request: the same answer whether or not the account exists. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest('/api/auth/password-reset/request', { method: 'POST', body: { email } }),
  });
}

/** POST /api/auth/password-reset with the token of the mailed link. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      apiRequest('/api/auth/password-reset', { method: 'POST', body }),
  });
}
