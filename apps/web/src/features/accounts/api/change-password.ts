import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/auth/password: the signed-in user's new password; their other sign-ins end. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      apiRequest('/api/auth/password', { method: 'PUT', body, auth: true }),
  });
}
