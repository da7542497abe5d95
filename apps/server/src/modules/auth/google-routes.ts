import { ErrorBody } from '@shop/contract/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import { FLOW_SECONDS, type GoogleSignIn, GoogleSignInError, UNAVAILABLE } from './google-sign-in.js';
import { type AuthDeps, signInWithGoogle } from './service.js';

const NOT_CONFIGURED = 'Google sign-in is not configured on this shop';
const COOKIE = 'google_sign_in';
const COOKIE_PATH = '/api/auth/google';

/** Only a path of this shop: never `//elsewhere`, never a full URL (no open redirect). */
const ReturnPath = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])/)
  .optional()
  .catch(undefined);

const toLogin = (reply: FastifyReply, message: string) =>
  reply.header('cache-control', 'no-store').redirect(`/login?error=${encodeURIComponent(message)}`, 302);

/**
 * Google sign-in (OpenID Connect, API.md "Sign-in"). The callback hands the web app a refresh
 * token in the URL's fragment: a fragment never reaches a server or its logs, and the app
 * exchanges the token at once (refresh tokens work once), so a copy left in history is useless.
 */
export function googleRoutes(
  app: FastifyInstance,
  deps: AuthDeps & { google: GoogleSignIn | undefined; publicUrl: string | undefined },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const callbackUrl = (request: FastifyRequest) =>
    `${deps.publicUrl ?? `${request.protocol}://${request.host}`}/api/auth/google/callback`;

  api.get(
    '/api/auth/google',
    {
      schema: {
        tags: ['sign-in'],
        summary: 'Start Google sign-in (302 to the provider)',
        querystring: z.object({ from: ReturnPath }),
        response: { 503: ErrorBody },
      },
    },
    async (request, reply) => {
      if (!deps.google) throw new AppError('google_not_configured', NOT_CONFIGURED);
      try {
        const { url, flow } = await deps.google.start(callbackUrl(request), request.query.from ?? '/');
        reply.setCookie(COOKIE, flow, {
          path: COOKIE_PATH,
          httpOnly: true,
          // Lax: the cookie must come along on the provider's top-level redirect back.
          sameSite: 'lax',
          secure: request.protocol === 'https',
          maxAge: FLOW_SECONDS,
        });
        return reply.header('cache-control', 'no-store').redirect(url, 302);
      } catch (error) {
        request.log.warn({ err: detailOf(error) }, 'Google sign-in could not start');
        return toLogin(reply, UNAVAILABLE);
      }
    },
  );

  app.get(
    '/api/auth/google/callback',
    { schema: { tags: ['sign-in'], summary: "The provider's redirect back; 302 into the web app" } },
    async (request, reply) => {
      if (!deps.google) return toLogin(reply, NOT_CONFIGURED);
      reply.clearCookie(COOKIE, { path: COOKIE_PATH });
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      try {
        const identity = await deps.google.finish(query, request.cookies[COOKIE]);
        const session = await signInWithGoogle(deps, identity);
        const fragment = new URLSearchParams({ google: session.refreshToken, from: identity.from });
        return reply.header('cache-control', 'no-store').redirect(`/login#${fragment}`, 302);
      } catch (error) {
        if (!(error instanceof GoogleSignInError)) throw error;
        request.log.warn({ err: detailOf(error) }, 'Google sign-in refused');
        return toLogin(reply, error.message);
      }
    },
  );
}

function detailOf(error: unknown): unknown {
  return error instanceof GoogleSignInError ? (error.detail ?? error.message) : error;
}
