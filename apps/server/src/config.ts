import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { type Seller, sellerEnv, sellerFrom, sellerProblems } from './seller-config.js';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
    error: 'must be one of true, false, 1, 0, yes, no, on, off',
  })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** A whole number from `min` to `max`, written in digits. */
function wholeNumber(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d+$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
}

function count(defaultValue: number, max = 1_000_000) {
  return wholeNumber(1, max).default(defaultValue);
}

/** A whole number of hours, from 1 to a year. */
function hours(defaultValue: number) {
  return z
    .string()
    .regex(/^\d+$/, 'must be a whole number of hours from 1 to 8760')
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be at least 1 hour').max(8760, 'must be at most 8760 hours'))
    .default(defaultValue);
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  PORT: z
    .string()
    .regex(/^\d+$/, 'must be a port number from 0 to 65535')
    .transform(Number)
    .pipe(z.number().int().min(0).max(65535, 'must be a port number from 0 to 65535'))
    .default(3000),
  HOST: z.string().trim().min(1, 'must not be empty').default('localhost'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('data'),
  // Several servers behind a load balancer point this at one shared folder (a shared volume),
  // so a picture uploaded through one is served by every other.
  UPLOADS_DIR: optionalText,
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .refine((v) => /^(sqlite:.+|postgres(ql)?:\/\/.+)$/.test(v), {
        message: 'must be sqlite:<path> or postgres://…',
      })
      .optional(),
  ),
  DATABASE_POOL_MAX: z
    .string()
    .regex(/^\d+$/, 'must be a whole number from 1 to 100')
    .transform(Number)
    .pipe(z.number().int().min(1).max(100, 'must be a whole number from 1 to 100'))
    .default(10),
  // No query of the shop's takes more than a fraction of a second; one that runs this long is
  // waiting on a lock or gone astray, and the buyer gets a clear 503 instead of a hung request.
  DATABASE_STATEMENT_TIMEOUT_MS: count(10_000, 3_600_000),
  REDIS_URL: optionalText.pipe(
    z
      .url({
        protocol: /^rediss?$/,
        message: 'must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379',
      })
      .optional(),
  ),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'must be 1 to 64 letters, digits or : _ . -')
    .default('shop:'),
  SEED_ADMIN_EMAIL: optionalText.pipe(z.email('must be an email address').optional()),
  SEED_ADMIN_PASSWORD: optionalText.pipe(
    z.string().min(8, 'must be at least 8 characters').max(128, 'must be at most 128 characters').optional(),
  ),
  SEED_DEMO: flag.default(true),
  // No default here: development takes test cards unless told otherwise, production none.
  PAYMENT_PROVIDER: optionalText.pipe(
    z.enum(['test', 'stripe', 'none'], { error: 'must be test, stripe or none' }).optional(),
  ),
  STRIPE_SECRET_KEY: optionalText.pipe(z.string().startsWith('sk_', 'must start with sk_').optional()),
  STRIPE_PUBLISHABLE_KEY: optionalText.pipe(z.string().startsWith('pk_', 'must start with pk_').optional()),
  STRIPE_API_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z.string().startsWith('whsec_', 'must start with whsec_').optional(),
  ),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER: optionalText.pipe(z.url({ message: 'must be a URL' }).optional()),
  PUBLIC_URL: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, message: 'must be an http(s) URL such as https://shop.example.com' })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  ),
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  RATE_LIMIT_WINDOW_SECONDS: count(600, 86_400),
  RATE_LIMIT_SIGNUPS_PER_IP: count(300),
  RATE_LIMIT_SIGNUPS_PER_EMAIL: count(20),
  RATE_LIMIT_LOGIN_FAILURES_PER_IP: count(300),
  RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: count(30),
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: count(60),
  // ASVS 2.2.1: never more than 100 an hour.
  RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL_HOUR: count(100, 100),
  RATE_LIMIT_REFRESHES_PER_IP: count(600),
  RATE_LIMIT_REFRESHES_PER_ACCOUNT: count(300),
  RATE_LIMIT_MESSAGES_PER_IP: count(30),
  RATE_LIMIT_PASSWORD_RESETS_PER_IP: count(30),
  RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL: count(5),
  RATE_LIMIT_VERIFICATION_MAILS_PER_ACCOUNT: count(5),
  RATE_LIMIT_PASSWORD_CHANGE_FAILURES_PER_ACCOUNT: count(10),
  RATE_LIMIT_PURCHASES_PER_ACCOUNT: count(300),
  RATE_LIMIT_PAYMENTS_PER_ACCOUNT: count(100),
  RATE_LIMIT_PURCHASES_PER_IP: count(1000),
  RATE_LIMIT_PAYMENTS_PER_IP: count(300),
  // Punchout calls (setup, OCI, purchase orders, StartPages) from one address: its credentials are checked.
  RATE_LIMIT_PUNCHOUT_PER_IP: count(300),
  RATE_LIMIT_REVIEWS_PER_ACCOUNT: count(10),
  // Each mails someone other than the caller: the shop is nobody's mail relay.
  RATE_LIMIT_QUOTE_REQUESTS_PER_ACCOUNT: count(20),
  RATE_LIMIT_INVITATIONS_PER_ACCOUNT: count(20),
  RATE_LIMIT_INVITATIONS_PER_COMPANY: count(50),
  RATE_LIMIT_QUOTE_MESSAGES_PER_ACCOUNT: count(60),
  // Each reads a file of up to 5 MiB and matches up to 5,000 lines.
  RATE_LIMIT_BOMS_PER_ACCOUNT: count(200),
  // Calls a minute with one API key, whatever they are.
  RATE_LIMIT_API_KEY_PER_MINUTE: count(120),
  // Webhooks go to https:// public addresses only, unless the operator allows more (tests).
  WEBHOOK_ALLOW_HTTP: flag.default(false),
  WEBHOOK_ALLOW_PRIVATE: flag.default(false),
  // An unpaid order holds its pieces for a while only: nobody can keep a part out of stock by
  // ordering it and never paying (docs/api.md, "Accounts you can trust").
  UNPAID_ORDER_RELEASE: flag.default(true),
  UNPAID_ORDER_HOURS_UNVERIFIED: hours(1),
  UNPAID_ORDER_HOURS_VERIFIED: hours(24),
  UNPAID_ORDER_HOURS_ABOVE_CARD_LIMIT: hours(1),
  UNPAID_ORDERS_PER_BUYER: count(5),
  // Whole dollars: what an account nobody verified may hold in unpaid orders together (the card
  // limit's worth, 9,999.99, by default), so one free account cannot reserve the catalog.
  UNPAID_ORDER_VALUE_UNVERIFIED: count(9_999, 1_000_000_000),
  // Replaced by the three UNPAID_ORDER_HOURS_* settings: refused with a message saying so.
  UNPAID_ORDER_TTL_HOURS: optionalText,
  TRUST_PROXY: optionalText.pipe(
    z
      .string()
      .regex(
        /^(true|false|[0-9a-fA-F.:/]+(,\s*[0-9a-fA-F.:/]+)*)$/,
        "must be true, false, or the proxies' addresses (or CIDR ranges) separated by commas",
      )
      .transform((v): boolean | string => (v === 'true' ? true : v === 'false' ? false : v))
      .optional(),
  ),
  REQUEST_TIMEOUT_SECONDS: count(30, 600),
  MAX_EVENT_LOOP_DELAY_MS: wholeNumber(0, 60_000).default(1000),
  PASSWORD_HASH_CONCURRENCY: optionalText.pipe(wholeNumber(1, 256).optional()),
  PASSWORD_HASH_QUEUE: optionalText.pipe(wholeNumber(0, 100_000).optional()),
  PASSWORD_HASH_QUEUE_PER_IP: optionalText.pipe(wholeNumber(0, 100_000).optional()),
  SMTP_URL: optionalText.pipe(
    z
      .url({
        protocol: /^smtps?$/,
        message: 'must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.com:587',
      })
      .optional(),
  ),
  MAIL_FROM: optionalText.pipe(
    z
      .string()
      .max(200, 'must be at most 200 characters')
      .regex(
        /^([^\r\n<>@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/,
        'must be an address such as Parts Shop <orders@example.com> or orders@example.com',
      )
      .optional(),
  ),
  MAIL_RETRY_SECONDS: count(60, 3600),
  ...sellerEnv,
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .optional(),
});

type Env = z.output<typeof EnvSchema>;

export const DEFAULT_MAIL_FROM = 'Electronics Tools Manufacturers <orders@localhost>';

export type DatabaseConfig =
  | { kind: 'sqlite'; file: string }
  | {
      kind: 'postgres';
      url: string;
      poolMax: number;
      /** Each statement is cancelled after this long (per connection); none when unset or 0. */
      statementTimeoutMs?: number;
    };

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  /** Where uploaded and demo pictures are kept: DATA_DIR/uploads unless UPLOADS_DIR says otherwise. */
  uploadsDir: string;
  database: DatabaseConfig;
  seed: { demo: boolean; admin?: { email: string; password: string } };
  /**
   * Who takes card payments: `test` (the shop's own processor of test cards), `stripe`, or
   * `none` (production with no provider set: the shop sells, card payments are refused).
   */
  payments:
    | { provider: 'test' }
    | { provider: 'none' }
    | {
        provider: 'stripe';
        secretKey: string;
        publishableKey: string;
        webhookSecret: string;
        apiUrl?: string | undefined;
      };
  google?: { clientId: string; clientSecret: string; issuer: string };
  /** Which proxies' X-Forwarded-* headers to believe (client address, https); none by default. */
  trustProxy: boolean | string;
  /** Webhook URLs may be http:// too (`allowHttp`), or reach loopback, private and link-local addresses (`allowPrivate`). */
  webhooks: { allowHttp: boolean; allowPrivate: boolean };
  /** A request (headers and body) must arrive within this many seconds; slow clients are cut off. */
  requestTimeoutSeconds: number;
  /** Requests get 503 while the event loop lags more than this (ms) on average; 0: never. */
  maxEventLoopDelayMs: number;
  /**
   * Password hashes (argon2id, 19 MiB and a core for about 30 ms each) run at most `concurrency`
   * at once; up to `maxWaiting` more wait their turn, at most `maxWaitingPerOwner` of them from one
   * address, and sign-ins beyond that are refused with 503.
   */
  passwordHashing: { concurrency: number; maxWaiting: number; maxWaitingPerOwner: number };
  unpaidOrders: {
    /** How many unpaid orders one buyer may hold at once. */
    perBuyer: number;
    /** How many dollars of unpaid orders an account nobody verified may hold at once. */
    valueUnverified: number;
    /** After how many hours an unpaid order gives its pieces back; off when unset. */
    release?: UnpaidOrderHours;
  };
  /** E-mail to buyers (order confirmations, payment receipts); off when SMTP_URL is unset. */
  mail?: { smtpUrl: string; from: string; retrySeconds: number };
  /**
   * The shop's address as browsers reach it: every mailed link and Google's redirect back are
   * built on it. PUBLIC_URL; required in production, `http://localhost:<PORT>` otherwise.
   */
  publicUrl: string;
  jwtSecret?: string;
  /** Rate-limit counters shared by every server (memory when unset). */
  redis?: { url: string; keyPrefix: string };
  rateLimits: {
    windowSeconds: number;
    signupsPerIp: number;
    signupsPerEmail: number;
    loginFailuresPerIp: number;
    /** Per account from one address. */
    loginFailuresPerEmail: number;
    /** Per account from every address (higher: one address cannot lock the owner out). */
    loginFailuresPerAccount: number;
    loginFailuresPerEmailHour: number;
    refreshesPerIp: number;
    refreshesPerAccount: number;
    messagesPerIp: number;
    passwordResetsPerIp: number;
    passwordResetsPerEmail: number;
    verificationMailsPerAccount: number;
    passwordChangeFailuresPerAccount: number;
    reviewsPerAccount: number;
    /** Quote requests (each mails every shop admin) per account. */
    quoteRequestsPerAccount: number;
    /** Invitations mailed per inviting account, and per company. */
    invitationsPerAccount: number;
    invitationsPerCompany: number;
    quoteMessagesPerAccount: number;
    /** Bills of materials read (POST /api/bom) per account. */
    bomsPerAccount: number;
    /** Calls a minute with one API key (its own one-minute window). */
    apiKeyPerMinute: number;
    purchasesPerAccount: number;
    paymentsPerAccount: number;
    purchasesPerIp: number;
    paymentsPerIp: number;
    /** Punchout protocol calls per address (RATE_LIMIT_PUNCHOUT_PER_IP). */
    punchoutPerIp: number;
  };
  /** Who the invoices name as the seller (SELLER_*; the demo seller outside production when none is set). */
  seller: Seller;
  logLevel: NonNullable<Env['LOG_LEVEL']>;
}

/** Hours an unpaid order holds its pieces: by whether its buyer's email is verified, and above the card limit. */
export interface UnpaidOrderHours {
  unverified: number;
  verified: number;
  aboveCardLimit: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and checks the environment; every problem found is reported, each naming its variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`));
  }
  const env = parsed.data;
  const problems: string[] = [];
  const requireTogether = (names: (keyof Env)[]) => {
    const set = names.filter((n) => env[n] !== undefined);
    if (set.length > 0 && set.length < names.length) {
      const missing = names.filter((n) => env[n] === undefined);
      problems.push(`${missing.join(', ')} must be set together with ${set.join(', ')}`);
    }
  };
  requireTogether(['SEED_ADMIN_EMAIL', 'SEED_ADMIN_PASSWORD']);
  requireTogether(['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'GOOGLE_ISSUER']);
  // Production never takes test cards by default: a deployment names its provider (or says
  // PAYMENT_PROVIDER=test knowingly, and hears of it at every start).
  const paymentProvider = env.PAYMENT_PROVIDER ?? (env.NODE_ENV === 'production' ? 'none' : 'test');
  if (paymentProvider === 'stripe') {
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!env[name]) problems.push(`${name} is required when PAYMENT_PROVIDER is stripe`);
    }
  }
  // Servers on PostgreSQL may be several behind a load balancer: each would generate a key of
  // its own, and a token signed by one would be refused by the next. A deployment says the key.
  const onPostgres = env.DATABASE_URL !== undefined && !env.DATABASE_URL.startsWith('sqlite:');
  if (env.NODE_ENV === 'production' && onPostgres && !env.JWT_SECRET) {
    problems.push(
      'JWT_SECRET is required in production on PostgreSQL: every server must sign tokens with the same key (at least 32 characters, the same on each server)',
    );
  }
  // Mailed links and Google's redirect are built from this address alone, never from a request's
  // Host: a forged Host would otherwise aim a genuine reset mail at another site.
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
    problems.push(
      "PUBLIC_URL is required in production: the shop's address as browsers reach it (such as https://shop.example.com), for the links in mails and Google's redirect",
    );
  }
  if (env.UNPAID_ORDER_TTL_HOURS !== undefined) {
    problems.push(
      'UNPAID_ORDER_TTL_HOURS is replaced by UNPAID_ORDER_HOURS_UNVERIFIED, UNPAID_ORDER_HOURS_VERIFIED and UNPAID_ORDER_HOURS_ABOVE_CARD_LIMIT (UNPAID_ORDER_RELEASE=false turns the release off)',
    );
  }
  problems.push(...sellerProblems(env));
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(env.DATA_DIR);
  // The hashes run on libuv's pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which
  // also reads files: by default one thread of it is always left to them.
  const threadPool = Number(source.UV_THREADPOOL_SIZE) || 4;
  const hashConcurrency =
    env.PASSWORD_HASH_CONCURRENCY ?? Math.max(1, Math.min(os.availableParallelism(), threadPool - 1));
  const hashQueue = env.PASSWORD_HASH_QUEUE ?? 32 * hashConcurrency;
  const url = env.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'shop.db')}`;
  const database: DatabaseConfig = url.startsWith('sqlite:')
    ? { kind: 'sqlite', file: url.slice('sqlite:'.length) }
    : {
        kind: 'postgres',
        url,
        poolMax: env.DATABASE_POOL_MAX,
        statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      };

  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    uploadsDir: path.resolve(env.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    database,
    seed: {
      demo: env.SEED_DEMO,
      ...(env.SEED_ADMIN_EMAIL && env.SEED_ADMIN_PASSWORD
        ? { admin: { email: env.SEED_ADMIN_EMAIL, password: env.SEED_ADMIN_PASSWORD } }
        : {}),
    },
    payments:
      paymentProvider === 'stripe'
        ? {
            provider: 'stripe',
            secretKey: env.STRIPE_SECRET_KEY as string,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY as string,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET as string,
            apiUrl: env.STRIPE_API_URL,
          }
        : { provider: paymentProvider },
    ...(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET && env.GOOGLE_ISSUER
      ? {
          google: {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            issuer: env.GOOGLE_ISSUER,
          },
        }
      : {}),
    ...(env.JWT_SECRET ? { jwtSecret: env.JWT_SECRET } : {}),
    ...(env.REDIS_URL ? { redis: { url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX } } : {}),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    ...(env.SMTP_URL
      ? {
          mail: {
            smtpUrl: env.SMTP_URL,
            from: env.MAIL_FROM ?? DEFAULT_MAIL_FROM,
            retrySeconds: env.MAIL_RETRY_SECONDS,
          },
        }
      : {}),
    trustProxy: env.TRUST_PROXY ?? false,
    webhooks: { allowHttp: env.WEBHOOK_ALLOW_HTTP, allowPrivate: env.WEBHOOK_ALLOW_PRIVATE },
    requestTimeoutSeconds: env.REQUEST_TIMEOUT_SECONDS,
    maxEventLoopDelayMs: env.MAX_EVENT_LOOP_DELAY_MS,
    passwordHashing: {
      concurrency: hashConcurrency,
      maxWaiting: hashQueue,
      maxWaitingPerOwner: Math.min(hashQueue, env.PASSWORD_HASH_QUEUE_PER_IP ?? Math.ceil(hashQueue / 4)),
    },
    unpaidOrders: {
      perBuyer: env.UNPAID_ORDERS_PER_BUYER,
      valueUnverified: env.UNPAID_ORDER_VALUE_UNVERIFIED,
      ...(env.UNPAID_ORDER_RELEASE
        ? {
            release: {
              unverified: env.UNPAID_ORDER_HOURS_UNVERIFIED,
              verified: env.UNPAID_ORDER_HOURS_VERIFIED,
              aboveCardLimit: env.UNPAID_ORDER_HOURS_ABOVE_CARD_LIMIT,
            },
          }
        : {}),
    },
    rateLimits: {
      windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
      signupsPerIp: env.RATE_LIMIT_SIGNUPS_PER_IP,
      signupsPerEmail: env.RATE_LIMIT_SIGNUPS_PER_EMAIL,
      loginFailuresPerIp: env.RATE_LIMIT_LOGIN_FAILURES_PER_IP,
      loginFailuresPerEmail: env.RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL,
      loginFailuresPerAccount: env.RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT,
      loginFailuresPerEmailHour: env.RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL_HOUR,
      refreshesPerIp: env.RATE_LIMIT_REFRESHES_PER_IP,
      refreshesPerAccount: env.RATE_LIMIT_REFRESHES_PER_ACCOUNT,
      messagesPerIp: env.RATE_LIMIT_MESSAGES_PER_IP,
      passwordResetsPerIp: env.RATE_LIMIT_PASSWORD_RESETS_PER_IP,
      passwordResetsPerEmail: env.RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL,
      verificationMailsPerAccount: env.RATE_LIMIT_VERIFICATION_MAILS_PER_ACCOUNT,
      passwordChangeFailuresPerAccount: env.RATE_LIMIT_PASSWORD_CHANGE_FAILURES_PER_ACCOUNT,
      reviewsPerAccount: env.RATE_LIMIT_REVIEWS_PER_ACCOUNT,
      quoteRequestsPerAccount: env.RATE_LIMIT_QUOTE_REQUESTS_PER_ACCOUNT,
      invitationsPerAccount: env.RATE_LIMIT_INVITATIONS_PER_ACCOUNT,
      invitationsPerCompany: env.RATE_LIMIT_INVITATIONS_PER_COMPANY,
      quoteMessagesPerAccount: env.RATE_LIMIT_QUOTE_MESSAGES_PER_ACCOUNT,
      bomsPerAccount: env.RATE_LIMIT_BOMS_PER_ACCOUNT,
      apiKeyPerMinute: env.RATE_LIMIT_API_KEY_PER_MINUTE,
      purchasesPerAccount: env.RATE_LIMIT_PURCHASES_PER_ACCOUNT,
      paymentsPerAccount: env.RATE_LIMIT_PAYMENTS_PER_ACCOUNT,
      purchasesPerIp: env.RATE_LIMIT_PURCHASES_PER_IP,
      paymentsPerIp: env.RATE_LIMIT_PAYMENTS_PER_IP,
      punchoutPerIp: env.RATE_LIMIT_PUNCHOUT_PER_IP,
    },
    seller: sellerFrom(env, env.NODE_ENV === 'production'),
    logLevel:
      env.LOG_LEVEL ?? (env.NODE_ENV === 'production' ? 'info' : env.NODE_ENV === 'test' ? 'silent' : 'info'),
  };
}
