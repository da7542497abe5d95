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

/** Google sent the browser back with a one-time code (in the fragment): exchange it, with the browser's cookie. */
export function useGoogleReturn() {
  return useMutation({
    mutationFn: async (code: string) => {
      const { data } = await apiRequest<Session>('/api/auth/google/exchange', {
        method: 'POST',
        body: { code },
      });
      signIn(data);
      return data;
    },
  });
}
