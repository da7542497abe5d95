import type { ApiKeyScope } from '@shop/contract/api-keys';
import type { FastifyRequest } from 'fastify';
import { AppError, forbidden } from './app-error.js';

/** What an access token says (auth/access-tokens.ts issues and verifies them). */
export interface AccessClaims {
  userId: string;
  email: string;
  /** The sign-in (refresh-token family) the token was issued to: its end ends the token too. */
  sessionId: string;
}

export interface AccessTokens {
  issue(user: { id: string; email: string; role: 'admin' | null }, sessionId: string): Promise<string>;
  /** The token's user, or null for anything that is not a valid, unexpired token of ours. */
  verify(token: string): Promise<AccessClaims | null>;
}

/** The signed-in user of a request, as the database knows them now (the role is never read from the token). */
export interface Caller {
  id: string;
  name: string;
  email: string;
  role: 'admin' | null;
  /** The sign-in the access token belongs to (its refresh-token family). */
  sessionId: string;
  /**
   * Set when an API key signed the request (modules/api-keys): the caller is the key's creator,
   * narrowed to its scopes, and never the shop's admin.
   */
  apiKey?: { id: string; scopes: readonly ApiKeyScope[]; lastUsedAt: string | null };
  /**
   * Set when a punchout session's token signed the request (modules/punchout): the caller is the
   * company member the session acts as, allowed the catalog and the session's own calls.
   */
  punchout?: { id: string; companyId: string };
}

/** A caller a credential other than an access token established before the route's guard. */
export const establishedCaller = (request: FastifyRequest): Caller | undefined =>
  request.caller?.apiKey || request.caller?.punchout ? request.caller : undefined;

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
  /**
   * Anyone, for a public read that says more to a signed-in user (a buyer's own part numbers): the
   * caller is set when the request carries a valid access token; anything else (none, garbage, an
   * expired token) is read as a visitor's, as public reads always have.
   */
  anyone(request: FastifyRequest): Promise<void>;
}

/** The caller that the route's guard established. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error('Route has no auth guard');
  return request.caller;
}

export const unauthenticated = (message = 'Sign in to continue') => new AppError('unauthenticated', message);

export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header) throw unauthenticated();
  const match = /^Bearer ([A-Za-z0-9_.~+/=-]+)$/.exec(header);
  if (!match?.[1]) throw unauthenticated('The authorization header must be "Bearer <accessToken>"');
  return match[1];
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
