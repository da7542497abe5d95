import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { OpenDatabase } from './db/database.js';
import { clientErrors, frameworkErrors } from './http/error-handler.js';
import { loggerOptions } from './http/logging.js';
import { accountRoutesPlugin } from './modules/accounts/index.js';
import { addressRoutesPlugin } from './modules/addresses/index.js';
import { apiKeysPlugin } from './modules/api-keys/index.js';
import { auditRoutesPlugin } from './modules/audit/index.js';
import {
  authGuardPlugin,
  authRoutesPlugin,
  passwordHashingPlugin,
  secretsPlugin,
} from './modules/auth/index.js';
import { bomRoutesPlugin } from './modules/bom/index.js';
import { categoryRoutesPlugin } from './modules/categories/index.js';
import { companyRoutesPlugin } from './modules/companies/index.js';
import { catalogContractPrices, contractPriceRoutesPlugin } from './modules/contract-prices/index.js';
import {
  bomCustomerNumbers,
  catalogCustomerNumbers,
  customerPartNumberRoutesPlugin,
} from './modules/customer-part-numbers/index.js';
import { documentRoutesPlugin } from './modules/documents/index.js';
import { fulfilmentRoutesPlugin } from './modules/fulfilment/index.js';
import { healthRoutesPlugin } from './modules/health/index.js';
import { imageRoutesPlugin } from './modules/images/index.js';
import { invoiceRoutesPlugin } from './modules/invoices/index.js';
import { legalRoutesPlugin } from './modules/legal/index.js';
import { listRoutesPlugin } from './modules/lists/index.js';
import { mailPlugin } from './modules/mail-content/index.js';
import { messageRoutesPlugin } from './modules/messages/index.js';
import { orderBackgroundTasks, orderRoutesPlugin, serveWaiting } from './modules/orders/index.js';
import { overviewRoutesPlugin } from './modules/overview/index.js';
import { webAppPlugin } from './modules/pages/index.js';
import { partRoutesPlugin } from './modules/parts/index.js';
import { paymentBackgroundTasks, paymentRoutesPlugin, paymentsPlugin } from './modules/payments/index.js';
import { punchoutPlugin } from './modules/punchout/index.js';
import { quoteBackgroundTasks, quoteRoutesPlugin } from './modules/quotes/index.js';
import { reviewRoutesPlugin } from './modules/reviews/index.js';
import { catalogToolLinks, toolRoutesPlugin } from './modules/tools/index.js';
import { userRoutesPlugin } from './modules/users/index.js';
import { webhooksPlugin } from './modules/webhooks/index.js';
import { webDistDir } from './paths.js';
import { apiDocsPlugin } from './plugins/api-docs.js';
import { backgroundWorkPlugin } from './plugins/background-work.js';
import { compressionPlugin } from './plugins/compression.js';
import { configPlugin } from './plugins/config.js';
import { databasePlugin } from './plugins/database.js';
import { errorsPlugin } from './plugins/errors.js';
import { etagPlugin } from './plugins/etag.js';
import { loadSheddingPlugin } from './plugins/load-shedding.js';
import { rateLimitsPlugin } from './plugins/rate-limits.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { validationPlugin } from './plugins/validation.js';

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
    clientErrorHandler: clientErrors,
    return503OnClosing: true,
    // A client that trickles its request (slow loris) is cut off.
    connectionTimeout: config.requestTimeoutSeconds * 1000,
    requestTimeout: config.requestTimeoutSeconds * 1000,
    // Node checks those timeouts on this interval (30 s unless told), and headers count too.
    http: { connectionsCheckingInterval: 1000, headersTimeout: config.requestTimeoutSeconds * 1000 },
    trustProxy: config.trustProxy,
  });
  // The shop's parts, each a plugin naming those it needs (Fastify checks them as it loads), in
  // the order they load. Closing runs in reverse: the database, first, closes last. Hooks run in
  // the order added (the security headers before the rest), and a scope a route plugin opens (the
  // CSV import, the webhooks, the uploads) takes the hooks there are when it loads: what adds
  // hooks comes before the routes.
  app
    .register(configPlugin, { config })
    .register(databasePlugin, { database })
    .register(validationPlugin)
    .register(errorsPlugin)
    .register(securityHeadersPlugin)
    .register(loadSheddingPlugin)
    .register(etagPlugin)
    .register(compressionPlugin)
    .register(apiDocsPlugin)
    .register(secretsPlugin)
    .register(authGuardPlugin)
    .register(rateLimitsPlugin)
    .register(passwordHashingPlugin)
    .register(mailPlugin)
    .register(paymentsPlugin)
    .register(backgroundWorkPlugin, {
      tasks: (app) => ({
        ...paymentBackgroundTasks(app),
        ...quoteBackgroundTasks(app),
        ...orderBackgroundTasks(app),
      }),
    });
  // The API's routes.
  app
    .register(healthRoutesPlugin)
    .register(apiKeysPlugin)
    .register(punchoutPlugin)
    .register(authRoutesPlugin)
    .register(accountRoutesPlugin)
    .register(userRoutesPlugin)
    .register(categoryRoutesPlugin)
    .register(partRoutesPlugin, {
      tools: catalogToolLinks,
      buyerNumbers: catalogCustomerNumbers,
      contractPrices: catalogContractPrices,
      // Read when pieces arrive: the mail plugin has decorated the app by then.
      stockArrived: (trx, partId) => serveWaiting(trx, app.mail, partId),
    })
    .register(auditRoutesPlugin)
    .register(overviewRoutesPlugin)
    .register(reviewRoutesPlugin)
    .register(invoiceRoutesPlugin)
    .register(legalRoutesPlugin)
    .register(orderRoutesPlugin)
    .register(fulfilmentRoutesPlugin)
    .register(listRoutesPlugin)
    .register(addressRoutesPlugin)
    .register(quoteRoutesPlugin)
    .register(companyRoutesPlugin)
    .register(paymentRoutesPlugin)
    .register(messageRoutesPlugin)
    .register(imageRoutesPlugin)
    .register(toolRoutesPlugin)
    .register(customerPartNumberRoutesPlugin)
    .register(contractPriceRoutesPlugin)
    // A bill of materials finds parts by the buyer's own numbers too, as the catalog does.
    .register(bomRoutesPlugin, {
      customerPartNumbers: bomCustomerNumbers,
      // and prices a line at the buyer's company's contract price, as an order would.
      contractPrices: catalogContractPrices,
    })
    .register(documentRoutesPlugin)
    .register(webhooksPlugin);
  // The web app last: its not-found handler answers every page the API does not.
  app.register(webAppPlugin, { webDist: deps.webDist ?? webDistDir });
  // Loaded now, so a part that cannot start (a missing key, a bad setting) fails here.
  await app.after();
  return app;
}
