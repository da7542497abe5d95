import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/auth/password: the signed-in user's new password; their other sign-ins end. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      // A 401 here is a wrong current password (the token is fresh: the client refreshes it ahead).
      apiRequest('/api/auth/password', { method: 'PUT', body, auth: true, retryRefused: false }),
  });
}
