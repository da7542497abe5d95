import { ErrorBody } from '@shop/contract/errors';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.js';

const NOT_CONFIGURED = 'Google sign-in is not configured on this shop';

/**
 * Google sign-in (OpenID Connect). With no provider configured, the start answers 503 and the
 * callback sends the browser back to /login with the reason (API.md precise point 14).
 */
export function googleRoutes(app: FastifyInstance, deps: { configured: boolean }) {
  app.get(
    '/api/auth/google',
    {
      schema: {
        tags: ['sign-in'],
        summary: 'Start Google sign-in (302 to the provider)',
        response: { 503: ErrorBody },
      },
    },
    async () => {
      // The OpenID Connect exchange for a configured provider is the next step of the sign-in issue.
      throw new AppError(
        'google_not_configured',
        deps.configured ? 'Google sign-in is not available yet' : NOT_CONFIGURED,
      );
    },
  );
  app.get(
    '/api/auth/google/callback',
    { schema: { tags: ['sign-in'], summary: "The provider's redirect back; 302 into the web app" } },
    async (_request, reply) => reply.redirect(`/login?error=${encodeURIComponent(NOT_CONFIGURED)}`, 302),
  );
}
