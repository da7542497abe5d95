import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { STOREFRONT_PAGES, STOREFRONT_PARTS_PATH } from '@shop/contract/storefront';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { BACKGROUND_INTERVAL_MS, scheduleBackgroundWork } from './background.js';
import type { Config } from './config.js';
import { changeFeed } from './db/change-feed.js';
import type { OpenDatabase } from './db/database.js';
import { registerApiDocs } from './http/api-docs.js';
import { authGuard } from './http/auth-guard.js';
import { databaseRateLimitStore } from './http/database-rate-limit-store.js';
import { clientErrors, frameworkErrors, registerErrorHandler } from './http/error-handler.js';
import { AccessLog, loggerOptions, requestLogger } from './http/logging.js';
import { COMPRESS_THRESHOLD, publicCache } from './http/public-cache.js';
import { memoryRateLimitStore, type RateLimitStore, rateLimit } from './http/rate-limit.js';
import {
  closeRedis,
  connectRedis,
  failOpen,
  openRedis,
  redisRateLimitStore,
} from './http/redis-rate-limit-store.js';
import { registerSecurityHeaders, stripePageContentSecurityPolicy } from './http/security-headers.js';
import { registerWebApp } from './http/web-app.js';
import { accountMail } from './modules/accounts/account-mail.js';
import { linkTokens } from './modules/accounts/links.js';
import { accountRoutes } from './modules/accounts/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { accessTokens } from './modules/auth/access-tokens.js';
import { busyShop } from './modules/auth/busy-shop.js';
import { googleRoutes } from './modules/auth/google-routes.js';
import { googleSignIn } from './modules/auth/google-sign-in.js';
import { hashingQueue } from './modules/auth/hashing-queue.js';
import { loadJwtSecret } from './modules/auth/jwt-secret.js';
import { deriveKey } from './modules/auth/keys.js';
import { loginFailures, passwordChangeFailures } from './modules/auth/login-failures.js';
import { pageSessions } from './modules/auth/page-session.js';
import { queuedPasswordHashing } from './modules/auth/queued-password-hashing.js';
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
import { paymentProvider } from './modules/payments/choice.js';
import { reconcilePayments, releaseIntents } from './modules/payments/reconcile.js';
import { paymentRoutes } from './modules/payments/routes.js';
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
    logController: new AccessLog(),
    childLoggerFactory: requestLogger,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: JSON_BODY_LIMIT,
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    frameworkErrors,
    clientErrorHandler: clientErrors,
    return503OnClosing: true,
    // A client that trickles its request (slow loris) is cut off.
    connectionTimeout: config.requestTimeoutSeconds * 1000,
    requestTimeout: config.requestTimeoutSeconds * 1000,
    // Node checks those timeouts on this interval (30 s unless told), and headers count too.
    http: { connectionsCheckingInterval: 1000, headersTimeout: config.requestTimeoutSeconds * 1000 },
    trustProxy: config.trustProxy,
  });
  // Fastify runs onClose hooks last added first: added first, the database closes after
  // everything that may still use it (a background run finishing, the mail outbox stopping).
  app.addHook('onClose', async () => {
    await database.close();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON is the only body the API reads (multipart is added where pictures are uploaded).
  app.removeContentTypeParser(['text/plain']);
  registerErrorHandler(app);
  registerSecurityHeaders(app);
  await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD });
  // Public reads are kept until a write (from any server) changes what they show.
  const changes = changeFeed(config.database, database.db, (err) =>
    app.log.warn({ err }, 'catalog notifications lost; public reads are not cached until they return'),
  );
  app.addHook('onClose', () => changes.close());
  await app.register(publicCache, { changes });
  await registerApiDocs(app);

  const { uploadsDir } = config;
  const db = database.db;
  const secret = loadJwtSecret(config.jwtSecret, config.dataDir);
  const tokens = accessTokens(deriveKey(secret, 'access-tokens'));
  const guard = authGuard({ db, tokens });
  const { rateLimits } = config;
  // Counters of attempts are cheap: in memory on one server, in Redis (REDIS_URL) when several
  // share the load, failing open while Redis is away. Failed logins are kept in the database
  // whatever the setting, so neither a restart, a second server nor a Redis outage resets what
  // guards accounts against guessing.
  let counters: RateLimitStore = memoryRateLimitStore();
  if (config.redis) {
    const redis = openRedis(config.redis.url, app.log);
    counters = failOpen(redisRateLimitStore(redis, config.redis.keyPrefix), app.log);
    app.addHook('onReady', () => connectRedis(redis, app.log));
    app.addHook('onClose', () => closeRedis(redis));
  }
  const durable = databaseRateLimitStore(db);
  const limit = (name: string, max: number) =>
    rateLimit(counters, { name, max, windowSeconds: rateLimits.windowSeconds });
  const authLimits = {
    signupPerIp: limit('signup-ip', rateLimits.signupsPerIp),
    signupPerEmail: limit('signup-email', rateLimits.signupsPerEmail),
    loginFailures: loginFailures(durable, {
      windowSeconds: rateLimits.windowSeconds,
      perIp: rateLimits.loginFailuresPerIp,
      perEmailPerIp: rateLimits.loginFailuresPerEmail,
      perEmail: rateLimits.loginFailuresPerAccount,
      perEmailHour: rateLimits.loginFailuresPerEmailHour,
    }),
    refreshPerIp: limit('refresh-ip', rateLimits.refreshesPerIp),
    refreshPerAccount: limit('refresh-account', rateLimits.refreshesPerAccount),
  };

  // Password hashes run on libuv's pool, one per core at most, the rest waiting in turns by
  // address; while the event loop is busy serving the rest of the shop, they yield the cores to it.
  const passwords = queuedPasswordHashing(
    hashingQueue({ ...config.passwordHashing, shopIsBusy: busyShop(app.server) }),
  );

  healthRoutes(app, { ping: database.ping });
  const links = linkTokens(deriveKey(secret, 'account-links'));
  const mail =
    config.mail &&
    mailOutbox({
      db,
      settings: config.mail,
      log: app.log,
      publicUrl: config.publicUrl,
      invoiceFor,
      linkTokens: links,
    });
  if (mail) {
    app.addHook('onReady', async () => mail.start());
    app.addHook('onClose', () => mail.stop());
  }
  // Links to verify an email or reset a password: mailed, or written to the log without SMTP_URL.
  const linkMail = accountMail({ mail, links, log: app.log });
  const auth = {
    db,
    tokens,
    limits: authLimits,
    passwords,
    accountMail: linkMail,
    publicUrl: config.publicUrl,
  };
  const pages = pageSessions({ publicUrl: config.publicUrl });
  authRoutes(app, { ...auth, pages });
  // Only the Google flow uses a cookie: the parser runs for its routes alone.
  await app.register(async (scope) => {
    await scope.register(cookie);
    googleRoutes(scope, {
      ...auth,
      google: config.google && googleSignIn(config.google, deriveKey(secret, 'google-sign-in')),
      publicUrl: config.publicUrl,
      pages,
    });
  });
  accountRoutes(app, {
    db,
    passwords,
    links,
    accountMail: linkMail,
    guard,
    publicUrl: config.publicUrl,
    limits: {
      resetsPerIp: limit('reset-ip', rateLimits.passwordResetsPerIp),
      resetsPerEmail: limit('reset-email', rateLimits.passwordResetsPerEmail),
      verificationMailsPerAccount: limit('verification-account', rateLimits.verificationMailsPerAccount),
      passwordChangeFailures: passwordChangeFailures(durable, {
        max: rateLimits.passwordChangeFailuresPerAccount,
        windowSeconds: rateLimits.windowSeconds,
      }),
    },
  });
  userRoutes(app, { db, tokens, guard, pages });
  partRoutes(app, { db, guard, changes });
  await partImportRoutes(app, { db, guard });
  auditRoutes(app, { db, guard });
  overviewRoutes(app, { db, guard });
  reviewRoutes(app, {
    db,
    guard,
    perAccount: limit('reviews-account', rateLimits.reviewsPerAccount),
  });
  const provider = await paymentProvider(config, db, app.log);
  const payments = { db, provider, mail, log: app.log };
  const orders = {
    db,
    mail,
    beforeCancel: (orderId: string) => releaseIntents(payments, orderId),
    unpaidPerBuyer: config.unpaidOrders.perBuyer,
  };
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
  const { release } = config.unpaidOrders;
  scheduleBackgroundWork(app, {
    tasks: {
      reconcilePayments: () => reconcilePayments(payments, app.log),
      // An order is released in the last run before its time is up ("within an hour"), not after.
      ...(release
        ? {
            releaseStaleOrders: () => releaseStaleOrders(orders, release, app.log, BACKGROUND_INTERVAL_MS),
          }
        : {}),
    },
    exclusive: database.exclusive,
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
    changes,
    // Whom a page cookie names; the API checks the token again on every answer the page reads.
    pageUser: async (accessToken) => {
      const user = await guard.holder(accessToken);
      return user && { uid: user.id, name: user.name, email: user.email };
    },
  });
  return app;
}
