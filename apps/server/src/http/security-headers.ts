import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Headers on every answer: a CSP that allows no inline script and no framing, nosniff,
 * a strict referrer policy. HSTS is left to the TLS-terminating proxy's configuration.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
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
      },
    },
    // HSTS only over https (directly, or behind a trusted TLS proxy): see the hook below.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
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
