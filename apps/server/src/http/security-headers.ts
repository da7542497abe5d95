import { randomBytes } from 'node:crypto';
import helmet, { type FastifyHelmetOptions, fastifyHelmet } from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The page policy: no inline script and no framing. */
const strictDirectives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * A Content-Security-Policy as Helmet writes it, its directives read once at start: @fastify/helmet
 * builds its middleware anew for every request, which for the policy (reading and writing out
 * every directive) cost more than the rest of a kept public read's answer. Helmet's own
 * `contentSecurityPolicy` middleware, made once, writes the same header.
 */
export type PagePolicy = (request: FastifyRequest, reply: FastifyReply) => void;
function pagePolicy(options: FastifyHelmetOptions['contentSecurityPolicy'] & object): PagePolicy {
  const setPolicy = fastifyHelmet.contentSecurityPolicy(options);
  return (request, reply) => setPolicy(request.raw, reply.raw, () => {});
}

/** The policy of every answer: the directives above, none of Helmet's defaults. */
const strictPolicy = pagePolicy({ useDefaults: false, directives: strictDirectives });

const nonces = new WeakMap<object, string>();
const noncePolicy = pagePolicy({
  useDefaults: false,
  directives: { ...strictDirectives, scriptSrc: ["'self'", (_req, res) => `'nonce-${nonces.get(res)}'`] },
});

/**
 * A page the server rendered: the strict policy, but for the one inline script the page carries
 * (React Router's data, from which the app takes the page over), allowed by a nonce new for each
 * answer, which this returns (http/web-app.ts).
 */
export function renderedPagePolicy(request: FastifyRequest, reply: FastifyReply): string {
  const nonce = randomBytes(16).toString('base64');
  nonces.set(reply.raw, nonce);
  noncePolicy(request, reply);
  return nonce;
}

/**
 * Helmet's other headers on every answer, with a strict-origin referrer policy. The policy is
 * set by the hook below (made once), and so is HSTS.
 */
const helmetOptions = {
  contentSecurityPolicy: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: false,
} satisfies FastifyHelmetOptions;

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Whether a request is a signed-in API call, or a sign-in (whose answer carries tokens): its
 * answer is the caller's, for no cache to keep.
 */
export const isSignedInApiCall = (url: string, authorization: string | undefined) =>
  url.startsWith('/api/auth/') ||
  (authorization !== undefined && (url.startsWith('/api/') || url === '/api' || url.startsWith('/api?')));

/**
 * Helmet (registered once, for every route and the not-found handler) sets the security headers
 * as the request arrives, so every answer carries them, errors included; the hook after it sets
 * the strict policy.
 *
 * HSTS only over https (directly, or behind a trusted TLS proxy): Helmet sends it on every answer
 * whatever the protocol, and its options are fixed at registration, so a hook of ours decides.
 * The same hook sets the request's id, and answers an API call carrying an authorization header,
 * and every sign-in call, with `cache-control: no-store`, errors too: no browser or proxy keeps
 * what a caller was told.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.register(helmet, helmetOptions);
  app.addHook('onRequest', (request, reply, done) => {
    strictPolicy(request, reply);
    reply.header('x-request-id', request.id);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (isSignedInApiCall(request.url, request.headers.authorization))
      reply.header('cache-control', 'no-store');
    done();
  });
}

/**
 * The punchout page (/punchout, which the web app serves in the browser): Transfer to procurement
 * posts the lines from it to the procurement system's return address (cXML BrowserFormPost, OCI
 * HOOK_URL), on another site, which the shop checked to be http or https when the session began.
 * Every other page keeps the strict form-action 'self'.
 */
export const punchoutPagePolicy = pagePolicy({
  useDefaults: false,
  directives: { ...strictDirectives, formAction: ["'self'", 'https:', 'http:'] },
});

/**
 * The card payment page when Stripe takes the cards: Stripe.js and its frames come from Stripe's
 * hosts (as Stripe documents them), and nowhere else; every other page keeps the strict policy.
 * Set on that page in place of the strict one (http/web-app.ts).
 */
export const stripePagePolicy = pagePolicy({
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'https://api.stripe.com'],
    frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
});
