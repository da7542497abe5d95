import { randomUUID } from 'node:crypto';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { STOREFRONT_PAGES, STOREFRONT_PARTS_PATH } from '@shop/contract/storefront';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { scheduleBackgroundWork } from './background.js';
import type { Config } from './config.js';
import type { OpenDatabase } from './db/database.js';
import { registerApiDocs } from './http/api-docs.js';
import { authGuard } from './http/auth-guard.js';
import { databaseRateLimitStore } from './http/database-rate-limit-store.js';
import { frameworkErrors, registerErrorHandler } from './http/error-handler.js';
import { loggerOptions } from './http/logging.js';
import { memoryRateLimitStore, rateLimit } from './http/rate-limit.js';
import { registerSecurityHeaders, stripePageContentSecurityPolicy } from './http/security-headers.js';
import { registerWebApp } from './http/web-app.js';
import { auditRoutes } from './modules/audit/routes.js';
import { accessTokens } from './modules/auth/access-tokens.js';
import { googleRoutes } from './modules/auth/google-routes.js';
import { googleSignIn } from './modules/auth/google-sign-in.js';
import { loadJwtSecret } from './modules/auth/jwt-secret.js';
import { authRoutes } from './modules/auth/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { imageRoutes } from './modules/images/routes.js';
import { invoiceRoutes } from './modules/invoices/routes.js';
import { invoiceFor } from './modules/invoices/service.js';
import { mailOutbox } from './modules/mail/outbox.js';
import { messageRoutes } from './modules/messages/routes.js';
import { orderRoutes } from './modules/orders/routes.js';
import { releaseStaleOrders } from './modules/orders/service.js';
import { overviewRoutes } from './modules/overview/routes.js';
import { partImportRoutes } from './modules/parts/import-routes.js';
import { partRoutes } from './modules/parts/routes.js';
import { reconcilePayments, releaseIntents } from './modules/payments/reconcile.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { stripeProvider } from './modules/payments/stripe-provider.js';
import { testProvider } from './modules/payments/test-provider.js';
import { reviewRoutes } from './modules/reviews/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { webDistDir } from './paths.js';

export interface AppDeps {
  config: Config;
  database: OpenDatabase;
  /** Where the built web app is; tests may point elsewhere. */
  webDist?: string;
  /** Where log lines go (standard output unless given; tests read them). */
  logStream?: { write(line: string): void };
}

export const JSON_BODY_LIMIT = 1024 * 1024;

/** Builds the whole shop (API and web app) without listening: tests drive it with `inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: JSON_BODY_LIMIT,
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    frameworkErrors,
    return503OnClosing: true,
    // A client that trickles its request (slow loris) is cut off.
    connectionTimeout: config.requestTimeoutSeconds * 1000,
    requestTimeout: config.requestTimeoutSeconds * 1000,
    // Node checks those timeouts on this interval (30 s unless told), and headers count too.
    http: { connectionsCheckingInterval: 1000, headersTimeout: config.requestTimeoutSeconds * 1000 },
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON is the only body the API reads (multipart is added where pictures are uploaded).
  app.removeContentTypeParser(['text/plain']);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  await registerSecurityHeaders(app);
  await app.register(compress, { global: true, threshold: 1024 });
  await registerApiDocs(app);
  await app.register(cookie);

  const uploadsDir = path.join(config.dataDir, 'uploads');
  const db = database.db;
  const key = loadJwtSecret(config.jwtSecret, config.dataDir);
  const tokens = accessTokens(key);
  const guard = authGuard({ db, tokens });
  const { rateLimits } = config;
  // Counters of attempts are cheap and live in memory; failed logins are kept in the database,
  // so neither a restart nor a second server resets what guards accounts against guessing.
  const memory = memoryRateLimitStore();
  const durable = databaseRateLimitStore(db);
  const limit = (name: string, max: number, store = memory, windowSeconds = rateLimits.windowSeconds) =>
    rateLimit(store, { name, max, windowSeconds });
  const authLimits = {
    signupPerIp: limit('signup-ip', rateLimits.signupsPerIp),
    signupPerEmail: limit('signup-email', rateLimits.signupsPerEmail),
    loginFailuresPerIp: limit('login-fail-ip', rateLimits.loginFailuresPerIp, durable),
    loginFailuresPerEmail: limit('login-fail-email', rateLimits.loginFailuresPerEmail, durable),
    loginFailuresPerEmailHour: limit(
      'login-fail-email-hour',
      rateLimits.loginFailuresPerEmailHour,
      durable,
      3600,
    ),
    refreshPerIp: limit('refresh-ip', rateLimits.refreshesPerIp),
    refreshPerAccount: limit('refresh-account', rateLimits.refreshesPerAccount),
  };

  healthRoutes(app, { ping: database.ping });
  const auth = { db, tokens, limits: authLimits };
  authRoutes(app, auth);
  googleRoutes(app, {
    ...auth,
    google: config.google && googleSignIn(config.google, key),
    publicUrl: config.publicUrl,
  });
  userRoutes(app, { db, tokens, guard });
  partRoutes(app, { db, guard });
  await partImportRoutes(app, { db, guard });
  auditRoutes(app, { db, guard });
  overviewRoutes(app, { db, guard });
  reviewRoutes(app, { db, guard });
  const provider = config.payments.provider === 'stripe' ? stripeProvider(config.payments) : testProvider(db);
  const mail =
    config.mail &&
    mailOutbox({ db, settings: config.mail, log: app.log, publicUrl: config.publicUrl, invoiceFor });
  if (mail) {
    app.addHook('onReady', async () => mail.start());
    app.addHook('onClose', () => mail.stop());
  }
  const payments = { db, provider, mail };
  const orders = { db, mail, beforeCancel: (orderId: string) => releaseIntents(payments, orderId) };
  invoiceRoutes(app, { db, guard });
  orderRoutes(app, {
    ...orders,
    guard,
    perAccount: limit('purchases-account', rateLimits.purchasesPerAccount),
    perIp: limit('purchases-ip', rateLimits.purchasesPerIp),
  });
  await paymentRoutes(app, {
    ...payments,
    guard,
    perAccount: limit('payments-account', rateLimits.paymentsPerAccount),
    perIp: limit('payments-ip', rateLimits.paymentsPerIp),
  });
  const { unpaidOrderTtlHours } = config;
  scheduleBackgroundWork(app, {
    reconcilePayments: () => reconcilePayments(payments, app.log),
    ...(unpaidOrderTtlHours
      ? { releaseStaleOrders: () => releaseStaleOrders(orders, unpaidOrderTtlHours, app.log) }
      : {}),
  });
  messageRoutes(app, { db, guard, perIp: limit('messages-ip', rateLimits.messagesPerIp) });
  await imageRoutes(app, { uploadsDir, guard });

  await registerWebApp(app, deps.webDist ?? webDistDir, {
    // Only the card payment page may load Stripe.js, and only when Stripe takes the cards.
    pagePolicy: (pathname) =>
      provider.name === 'stripe' && pathname.startsWith('/dashboard/payment/')
        ? stripePageContentSecurityPolicy
        : undefined,
    // The storefront pages show the first parts at once: their answer downloads with the script.
    pagePreloads: (pathname) => (STOREFRONT_PAGES.includes(pathname) ? [STOREFRONT_PARTS_PATH] : []),
  });
  app.addHook('onClose', async () => {
    await database.close();
  });
  return app;
}
