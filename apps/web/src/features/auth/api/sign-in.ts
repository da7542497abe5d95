import type { LoginBody, Session, SignupBody } from '@shop/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { signIn } from '../session';

async function startSession(path: string, body: LoginBody | SignupBody): Promise<Session> {
  const { data } = await apiRequest<Session>(path, { method: 'POST', body });
  signIn(data);
  return data;
}

export function useLogin() {
  return useMutation({ mutationFn: (body: LoginBody) => startSession('/api/auth/login', body) });
}

export function useSignup() {
  return useMutation({ mutationFn: (body: SignupBody) => startSession('/api/auth/signup', body) });
}

/** Google sent the browser back with a one-use refresh token (in the fragment): exchange it. */
export function useGoogleReturn() {
  return useMutation({
    mutationFn: async (refreshToken: string) => {
      const { data } = await apiRequest<Session>('/api/auth/refresh', {
        method: 'POST',
        body: { refreshToken },
      });
      signIn(data);
      return data;
    },
  });
}
