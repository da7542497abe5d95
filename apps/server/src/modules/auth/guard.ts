import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.js';
import { forbidden } from '../../http/app-error.js';
import {
  type AccessTokens,
  type AuthGuard,
  bearerToken,
  type Caller,
  establishedCaller,
  unauthenticated,
} from '../../http/auth-guard.js';
import { findSignedInUser } from '../users/index.js';

/**
 * The route hooks of http/auth-guard.ts: the access token verified, and its user read as the
 * database knows them now (the role is never read from the token).
 */
export function authGuard(deps: { db: Database; tokens: AccessTokens }): AuthGuard {
  const holder = async (accessToken: string): Promise<Caller | 'invalid' | 'gone'> => {
    const claims = await deps.tokens.verify(accessToken);
    if (!claims) return 'invalid';
    const user = await findSignedInUser(deps.db, claims.userId, claims.sessionId);
    if (!user) return 'gone';
    if (user.signed_out) return 'invalid';
    const role = user.role === 'admin' ? 'admin' : null;
    return { id: user.id, name: user.name, email: user.email, role, sessionId: claims.sessionId };
  };
  const authenticate = async (request: FastifyRequest): Promise<Caller> => {
    // An API key's or a punchout session's caller, established before any route's guard
    // (modules/api-keys, modules/punchout).
    const established = establishedCaller(request);
    if (established) return established;
    const caller = await holder(bearerToken(request));
    if (caller === 'invalid')
      throw unauthenticated('Your session is invalid or has expired. Please sign in again.');
    if (caller === 'gone') throw unauthenticated('Your account no longer exists');
    return caller;
  };
  return {
    async user(request) {
      request.caller = await authenticate(request);
    },
    async admin(request) {
      request.caller = await authenticate(request);
      if (request.caller.role !== 'admin') throw forbidden('Only admins may do this');
    },
    async buyer(request) {
      request.caller = await authenticate(request);
      if (request.caller.role === 'admin') throw forbidden('Admins cannot do this; sign in as a buyer');
    },
    async anyone(request) {
      if (!request.headers.authorization || establishedCaller(request)) return;
      let token: string;
      try {
        token = bearerToken(request);
      } catch {
        return;
      }
      const caller = await holder(token);
      if (typeof caller === 'object') request.caller = caller;
    },
  };
}
