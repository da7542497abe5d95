import type { CookieSerializeOptions } from '@fastify/cookie';
import { GoogleCodeBody, type GoogleSignInProblem, Session } from '@shop/contract/auth';
import { ErrorBody } from '@shop/contract/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import { exchangeGoogleCode, finishGoogleSignIn } from './google-accounts.js';
import { GOOGLE_CODE_SECONDS } from './google-repository.js';
import { FLOW_SECONDS, type GoogleSignIn, GoogleSignInError } from './google-sign-in.js';
import type { AuthDeps } from './service.js';

const NOT_CONFIGURED = 'Google sign-in is not configured on this shop';
/** What the callback must check (PKCE verifier, state, nonce), signed, between start and callback. */
const FLOW_COOKIE = 'google_sign_in';
/** Binds the one-time code to the browser the sign-in came back to, between callback and exchange. */
const BROWSER_COOKIE = 'google_browser';
const COOKIE_PATH = '/api/auth/google';

/** Only a path of this shop: never `//elsewhere`, never a full URL (no open redirect). */
const ReturnPath = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])/)
  .optional()
  .catch(undefined);

/** Only a code: the web app shows its own text for it, never words taken from the address. */
const toLogin = (reply: FastifyReply, problem: GoogleSignInProblem) =>
  reply.header('cache-control', 'no-store').redirect(`/login?error=${problem}`, 302);

/**
 * Google sign-in (OpenID Connect, docs/api.md "Sign-in" and "Accounts you can trust"). The callback
 * hands the web app a one-time code in the URL's fragment (which never reaches a server or its
 * logs), never a token: the code is worth a session only once, within a minute, and only with
 * the HttpOnly cookie set beside it, so a link carrying someone else's code signs nobody in.
 */
export function googleRoutes(
  app: FastifyInstance,
  deps: AuthDeps & {
    google: GoogleSignIn | undefined;
    /** The shop's configured address (PUBLIC_URL): Google sends the browser back to it alone. */
    publicUrl: string;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const callbackUrl = `${deps.publicUrl}/api/auth/google/callback`;
  const publicHttps = deps.publicUrl.startsWith('https:');
  const cookie = (request: FastifyRequest, options: CookieSerializeOptions): CookieSerializeOptions => ({
    path: COOKIE_PATH,
    httpOnly: true,
    secure: publicHttps || request.protocol === 'https',
    ...options,
  });

  api.get(
    '/api/auth/google',
    {
      schema: {
        tags: ['sign-in'],
        summary:
          "Start Google sign-in (302 to the provider); on a shop without Google 503 google_not_configured, or for a browser's own navigation (the button pressed before the page's script runs) 302 to /login?error=google_not_configured",
        querystring: z.object({ from: ReturnPath }),
        response: { 503: ErrorBody },
      },
    },
    async (request, reply) => {
      if (!deps.google) {
        // A browser that follows the link itself reads the reason on the sign-in page, not as JSON.
        if (request.headers['sec-fetch-mode'] === 'navigate') return toLogin(reply, 'google_not_configured');
        throw new AppError('google_not_configured', NOT_CONFIGURED);
      }
      try {
        const { url, flow } = await deps.google.start(callbackUrl, request.query.from ?? '/');
        // Lax: the cookie must come along on the provider's top-level redirect back.
        reply.setCookie(FLOW_COOKIE, flow, cookie(request, { sameSite: 'lax', maxAge: FLOW_SECONDS }));
        return reply.header('cache-control', 'no-store').redirect(url, 302);
      } catch (error) {
        request.log.warn({ err: detailOf(error) }, 'Google sign-in could not start');
        return toLogin(reply, 'google_unavailable');
      }
    },
  );

  app.get(
    '/api/auth/google/callback',
    {
      schema: {
        tags: ['sign-in'],
        summary:
          "The provider's redirect back: 302 to /login#code=…&from=… (a one-time code for POST /api/auth/google/exchange, with the google_browser cookie), or to /login?error=<google_…>",
      },
    },
    async (request, reply) => {
      if (!deps.google) return toLogin(reply, 'google_not_configured');
      reply.clearCookie(FLOW_COOKIE, { path: COOKIE_PATH });
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      try {
        const identity = await deps.google.finish(query, request.cookies[FLOW_COOKIE]);
        const { code, browser } = await finishGoogleSignIn(deps, identity);
        // Strict: the exchange is a call of this shop's own page, never one another site starts.
        reply.setCookie(
          BROWSER_COOKIE,
          browser,
          cookie(request, { sameSite: 'strict', maxAge: GOOGLE_CODE_SECONDS }),
        );
        const fragment = new URLSearchParams({ code, from: identity.from });
        return reply.header('cache-control', 'no-store').redirect(`/login#${fragment}`, 302);
      } catch (error) {
        if (!(error instanceof GoogleSignInError)) throw error;
        request.log.warn({ err: detailOf(error) }, 'Google sign-in refused');
        return toLogin(reply, error.code);
      }
    },
  );

  api.post(
    '/api/auth/google/exchange',
    {
      schema: {
        tags: ['sign-in'],
        summary:
          'Exchange the one-time code of a Google sign-in for a session, once, within a minute, only with the google_browser cookie of the same callback; anything else → 400 invalid_code',
        body: GoogleCodeBody,
        response: { 200: Session, 400: ErrorBody, 415: ErrorBody },
      },
    },
    async (request, reply) => {
      const session = await exchangeGoogleCode(deps, request.body.code, request.cookies[BROWSER_COOKIE]);
      reply.clearCookie(BROWSER_COOKIE, { path: COOKIE_PATH });
      return session;
    },
  );
}

function detailOf(error: unknown): unknown {
  return error instanceof GoogleSignInError ? (error.detail ?? error.code) : error;
}
