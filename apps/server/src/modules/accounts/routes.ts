import {
  ChangePasswordBody,
  PasswordResetBody,
  PasswordResetRequestBody,
  VerifyEmailBody,
} from '@shop/contract/accounts';
import { ErrorBody } from '@shop/contract/errors';
import { Acknowledged } from '@shop/contract/primitives';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressKey } from '../../http/address-key.js';
import { type AuthGuard, callerOf } from '../../http/auth-guard.js';
import { limit } from '../../plugins/rate-limits.js';
import { clientLeaves } from '../auth/index.js';
import {
  type AccountDeps,
  changePassword,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmail,
} from './service.js';

const tags = ['accounts'];
const errors = { 400: ErrorBody, 415: ErrorBody, 429: ErrorBody };

/** E-mail verification, password reset and change of password (docs/api.md, "Accounts you can trust"). */
export function accountRoutes(app: FastifyInstance, deps: AccountDeps & { guard: AuthGuard }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { guard } = deps;
  const { rateLimits } = app.config;
  /**
   * The mails for one email are limited twice: from the addresses its account signed in from, and
   * from every other, so requests from strangers' addresses never use up what its owner may ask
   * for from theirs (whose address is asked by email, before the account is looked up).
   */
  const resetsPerEmail = app.rateLimited(
    limit('reset-email', rateLimits.passwordResetsPerEmail, async (request) => {
      const { email } = request.body as { email: string };
      return `${(await deps.knownAddresses.has(email, addressKey(request.ip))) ? 'own' : 'elsewhere'} ${email}`;
    }),
  );

  api.post(
    '/api/auth/verify-email',
    {
      onRequest: guard.user,
      schema: {
        tags,
        summary:
          "Verify the account's email with the token of the mailed link (/verify-email#token=…), signed in to that account",
        description:
          "The link proves the mailbox, the session the password: only both verify the email. Not signed in → 401; signed in to another account → 403 (the link stays usable; its mailbox's owner who does not hold the password takes the account back by a password reset, which ends whatever the earlier holder left). A link works once, for 48 hours; a used, expired or unknown token → 400 `invalid_token`.",
        security: [{ bearer: [] }],
        body: VerifyEmailBody,
        response: { 200: Acknowledged, 401: ErrorBody, 403: ErrorBody, ...errors },
      },
    },
    async (request) => {
      await verifyEmail(deps, callerOf(request), request.body.token);
      return { acknowledged: true as const };
    },
  );

  api.post(
    '/api/auth/verify-email/resend',
    {
      onRequest: guard.user,
      config: {
        rateLimit: limit(
          'verification-account',
          rateLimits.verificationMailsPerAccount,
          (r) => callerOf(r).id,
        ),
      },
      schema: {
        tags,
        summary: 'Mail a new verification link to the signed-in user',
        security: [{ bearer: [] }],
        description: `Rate limited per account. An account already verified → 409 \`conflict\`, nothing sent.`,
        response: { 202: z.null(), 401: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      await resendVerification(deps, callerOf(request));
      return reply.status(202).send(null);
    },
  );

  api.post(
    '/api/auth/password-reset/request',
    {
      config: {
        rateLimit: limit('reset-ip', rateLimits.passwordResetsPerIp, (request) => addressKey(request.ip)),
      },
      schema: {
        tags,
        summary: 'Mail a password reset link (/reset-password#token=…, one use, one hour)',
        description:
          "The same 202 whether or not an account has this email. Each link works until its hour is over or one of the account's reset links is used (a newer link leaves the older ones working). Rate limited per address and per email, the email's requests counted apart from the addresses its account signed in from, so requests from elsewhere cannot use up its owner's.",
        body: PasswordResetRequestBody,
        response: { 202: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await resetsPerEmail(request);
      await requestPasswordReset(deps, request.body.email);
      return reply.status(202).send(null);
    },
  );

  api.post(
    '/api/auth/password-reset',
    {
      schema: {
        tags,
        summary: 'Set a new password with the token of the mailed reset link',
        description:
          "Every sign-in of the account ends (its refresh-token families are revoked, their access tokens refused), so do its other reset links, and the email counts as verified; the address it is used from becomes the account's own (its failed logins counted apart from strangers'). A used, expired or unknown token → 400 `invalid_token`.",
        body: PasswordResetBody,
        response: { 204: z.null(), ...errors, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      await resetPassword(deps, request.body, addressKey(request.ip), clientLeaves(reply));
      return reply.status(204).send(null);
    },
  );

  api.put(
    '/api/auth/password',
    {
      onRequest: guard.user,
      schema: {
        tags,
        summary: "Change the signed-in user's password",
        security: [{ bearer: [] }],
        description:
          'A wrong `currentPassword` → 401 (failures are rate limited per account); the other sign-ins of the account end, this one goes on. An account without a password (Google only) → 409: it sets one through the password reset.',
        body: ChangePasswordBody,
        response: { 204: z.null(), ...errors, 401: ErrorBody, 409: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      await changePassword(deps, callerOf(request), request.body, clientLeaves(reply));
      return reply.status(204).send(null);
    },
  );
}
