import { fastifyCookie } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_SECONDS } from './access-tokens.js';

/**
 * The signed-in user's access token, also kept by the browser as an HttpOnly cookie, so that the
 * server can render a dashboard page for them when it is loaded (web-app.ts): the web app keeps its
 * tokens in local storage (SPEC.md §4), which a page request does not carry.
 *
 * The cookie is read for that alone, never as the API's credential (the API takes the bearer
 * header only), so a request another site makes the browser send can read nothing and change
 * nothing; SameSite=Strict keeps it off such requests anyway, and HttpOnly from the page's script.
 * It ends a minute before the token, when the web app renews the token (and with it the cookie),
 * and at logout.
 */
export const PAGE_SESSION_COOKIE = 'page_session';
const PAGE_SESSION_SECONDS = ACCESS_TOKEN_SECONDS - 60;

function pageSessionCookie(request: FastifyRequest, value: string, maxAge: number): string {
  return fastifyCookie.serialize(PAGE_SESSION_COOKIE, value, {
    path: '/',
    maxAge,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
}

/** Sets the page cookie to the access token just handed out. */
export function keepPageSession(request: FastifyRequest, reply: FastifyReply, accessToken: string): void {
  reply.header('set-cookie', pageSessionCookie(request, accessToken, PAGE_SESSION_SECONDS));
}

export function endPageSession(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', pageSessionCookie(request, '', 0));
}

/**
 * The access token a page request's cookie carries, if it carries one that could be a token (a
 * JWS in compact form: three base64url segments). The cookie parser of the Google sign-in's routes
 * (app.ts) does not run here: this is read for pages alone.
 */
export function pageSessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  const value = fastifyCookie.parse(header)[PAGE_SESSION_COOKIE];
  return value && value.length < 4096 && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(value) ? value : undefined;
}
