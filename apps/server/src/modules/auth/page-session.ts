import { fastifyCookie } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_SECONDS } from './access-tokens.js';

/**
 * The signed-in user's access token, also kept by the browser as an HttpOnly cookie, so that the
 * server can render their pages for them when one is loaded (web-app.ts): the web app keeps its
 * tokens in local storage (docs/product.md §4), which a page request does not carry.
 *
 * The cookie goes with those pages alone (one cookie per path), never with a call of the API,
 * which takes the bearer header only: a request another site makes the browser send can read
 * nothing and change nothing with it, and SameSite=Strict keeps it off such requests anyway,
 * HttpOnly from the page's script. It ends a minute before the token, when the web app renews
 * the token (and with it the cookie), and at logout or any other sign-out of the web app.
 */
export const PAGE_SESSION_COOKIE = 'page_session';
/**
 * Where the cookie goes: the pages the server renders for a signed-in user (the dashboard's, a
 * purchase, a new quote; the web app's app/server-rendered.ts names them), each path a cookie.
 */
export const PAGE_SESSION_PATHS = ['/dashboard', '/purchase', '/quotes'] as const;
const PAGE_SESSION_SECONDS = ACCESS_TOKEN_SECONDS - 60;

export interface PageSessions {
  /** Sets the page cookie to the access token just handed out. */
  keep(request: FastifyRequest, reply: FastifyReply, accessToken: string): void;
  end(request: FastifyRequest, reply: FastifyReply): void;
}

/** Secure when the request came over https, or the shop's public address is https (a proxy ends TLS). */
export function pageSessions(options: { publicUrl?: string | undefined }): PageSessions {
  const publicHttps = options.publicUrl?.startsWith('https:') ?? false;
  const cookies = (request: FastifyRequest, value: string, maxAge: number) =>
    PAGE_SESSION_PATHS.map((path) =>
      fastifyCookie.serialize(PAGE_SESSION_COOKIE, value, {
        path,
        maxAge,
        httpOnly: true,
        sameSite: 'strict',
        secure: publicHttps || request.protocol === 'https',
      }),
    );
  return {
    keep(request, reply, accessToken) {
      reply.header('set-cookie', cookies(request, accessToken, PAGE_SESSION_SECONDS));
    },
    end(request, reply) {
      reply.header('set-cookie', cookies(request, '', 0));
    },
  };
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
