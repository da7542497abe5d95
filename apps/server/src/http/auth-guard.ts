import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import type { AccessTokens } from '../modules/auth/index.js';
import { findSignedInUser } from '../modules/users/index.js';
import { AppError, forbidden } from './app-error.js';

/** The signed-in user of a request, as the database knows them now (the role is never read from the token). */
export interface Caller {
  id: string;
  name: string;
  email: string;
  role: 'admin' | null;
  /** The sign-in the access token belongs to (its refresh-token family). */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}

/**
 * Route hooks (`onRequest`), so the caller is known before the body is even read: a visitor
 * gets 401 and a user without the role 403, whatever they sent.
 */
export interface AuthGuard {
  /** Any signed-in user; 401 otherwise. */
  user(request: FastifyRequest): Promise<void>;
  admin(request: FastifyRequest): Promise<void>;
  /** A buyer: signed in and not an admin (admins do not order or review). */
  buyer(request: FastifyRequest): Promise<void>;
  /** The user a valid access token belongs to, or undefined. */
  holder(accessToken: string): Promise<Caller | undefined>;
}

/** The caller that the route's guard established. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error('Route has no auth guard');
  return request.caller;
}

const unauthenticated = (message = 'Sign in to continue') => new AppError('unauthenticated', message);

export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header) throw unauthenticated();
  const match = /^Bearer ([A-Za-z0-9_.~+/=-]+)$/.exec(header);
  if (!match?.[1]) throw unauthenticated('The authorization header must be "Bearer <accessToken>"');
  return match[1];
}

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
    const caller = await holder(bearerToken(request));
    if (caller === 'invalid')
      throw unauthenticated('Your session is invalid or has expired. Please sign in again.');
    if (caller === 'gone') throw unauthenticated('Your account no longer exists');
    return caller;
  };
  return {
    async holder(accessToken) {
      const caller = await holder(accessToken);
      return typeof caller === 'string' ? undefined : caller;
    },
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
  };
}

/** "That user" of docs/api.md: the caller's own email, compared case-insensitively. */
export function isSelf(caller: Caller, email: string): boolean {
  return caller.email === email.trim().toLowerCase();
}

export function requireSelf(caller: Caller, email: string): void {
  if (!isSelf(caller, email)) throw forbidden('You may only do this for your own account');
}

export function requireSelfOrAdmin(caller: Caller, email: string): void {
  if (caller.role !== 'admin') requireSelf(caller, email);
}
