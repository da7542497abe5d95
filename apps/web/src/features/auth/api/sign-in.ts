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
