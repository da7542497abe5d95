import { LoginBody, RefreshBody, Session, SignupBody } from '@shop/contract/auth';
import { ErrorBody } from '@shop/contract/errors';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressKey } from '../../http/address-key.js';
import { limit } from '../../plugins/rate-limits.js';
import { findRefreshToken, hashRefreshToken } from './refresh-tokens.js';
import { type AuthDeps, login, logout, refresh, signup } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 409: ErrorBody, 415: ErrorBody, 429: ErrorBody };
/** Sign-up and login hash a password: when too many wait for their turn, 503 with `retry-after`. */
const hashingErrors = { ...errors, 503: ErrorBody };

/** Aborts when the connection closes before the answer is sent (the client gave up). */
export function clientLeaves(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

export function authRoutes(app: FastifyInstance, deps: AuthDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { rateLimits } = app.config;
  const signupsPerEmail = app.rateLimited(
    limit('signup-email', rateLimits.signupsPerEmail, (request) => (request.body as { email: string }).email),
  );
  // Counted for the account a live refresh token belongs to (an unknown or revoked one counts nothing).
  const refreshesPerAccount = app.rateLimited(
    limit('refresh-account', rateLimits.refreshesPerAccount, async (request) => {
      const { refreshToken } = request.body as { refreshToken: string };
      const stored = await findRefreshToken(deps.db, hashRefreshToken(refreshToken));
      return stored && !stored.revoked_at ? stored.user_id : undefined;
    }),
  );

  api.post(
    '/api/auth/signup',
    {
      config: { rateLimit: limit('signup-ip', rateLimits.signupsPerIp, (request) => addressKey(request.ip)) },
      schema: {
        tags: ['sign-in'],
        summary: 'Create an account and sign in',
        body: SignupBody,
        response: { 201: Session, ...hashingErrors },
      },
    },
    async (request, reply) => {
      await signupsPerEmail(request);
      const session = await signup(deps, request.body, addressKey(request.ip), clientLeaves(reply));
      return reply.status(201).send(session);
    },
  );

  api.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['sign-in'],
        summary: 'Sign in with email and password',
        description:
          'Failed logins are limited per address, per email from one address, per email from every address and per email an hour: a login takes its place before the password is checked, and gets 429 with retry-after when one is full (a successful login gives its place back). The two limits per email count apart the addresses the account signed in from in the last 30 days, so guessing from other addresses never locks its owner out of theirs. 503 with retry-after when too many sign-ins wait for a password hash, or too many from this address.',
        body: LoginBody,
        response: { 200: Session, ...hashingErrors },
      },
    },
    async (request, reply) => login(deps, request.body, addressKey(request.ip), clientLeaves(reply)),
  );

  api.post(
    '/api/auth/refresh',
    {
      config: {
        rateLimit: limit('refresh-ip', rateLimits.refreshesPerIp, (request) => addressKey(request.ip)),
      },
      schema: {
        tags: ['sign-in'],
        summary: 'Exchange a refresh token for a new pair (the old one stops working)',
        body: RefreshBody,
        response: { 200: Session, ...errors },
      },
    },
    async (request) => {
      await refreshesPerAccount(request);
      return refresh(deps, request.body.refreshToken, addressKey(request.ip));
    },
  );

  api.post(
    '/api/auth/logout',
    {
      schema: {
        tags: ['sign-in'],
        summary: 'End the sign-in this refresh token belongs to',
        body: RefreshBody,
        response: { 204: z.null(), 400: ErrorBody },
      },
    },
    async (request, reply) => {
      await logout(deps, request.body.refreshToken);
      return reply.status(204).send(null);
    },
  );
}
