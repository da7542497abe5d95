import type { FastifyInstance } from 'fastify';

/** The page policy: no inline script and no framing. */
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join(';');

/**
 * Headers on every answer (the set Helmet sends, minus HSTS): a CSP that allows no inline
 * script and no framing, nosniff, a strict referrer policy. They never change, so they are
 * written as they are rather than worked out per request.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': contentSecurityPolicy,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Whether a request is a signed-in API call, or a sign-in (whose answer carries tokens): its
 * answer is the caller's, for no cache to keep.
 */
export const isSignedInApiCall = (url: string, authorization: string | undefined) =>
  url.startsWith('/api/auth/') ||
  (authorization !== undefined && (url.startsWith('/api/') || url === '/api' || url.startsWith('/api?')));

/**
 * Sets the security headers and the request's id as the request arrives, so every answer carries
 * them, errors included. HSTS only over https (directly, or behind a trusted TLS proxy). An API
 * call carrying an authorization header, and every sign-in call, is answered with
 * `cache-control: no-store`, errors too: no browser or proxy keeps what a caller was told.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    reply.header('x-request-id', request.id);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (isSignedInApiCall(request.url, request.headers.authorization))
      reply.header('cache-control', 'no-store');
    done();
  });
}

/**
 * The card payment page when Stripe takes the cards: Stripe.js and its frames come from Stripe's
 * hosts (as Stripe documents them), and nowhere else; every other page keeps the strict policy.
 */
export const stripePageContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com https://*.js.stripe.com",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self' https://api.stripe.com",
  'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
