import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_MAIL_FROM, loadConfig } from './config.js';

/** Production requires the shop's address (PUBLIC_URL). */
const SHOP = 'https://shop.example';

describe('loadConfig', () => {
  it('has defaults that serve the demo shop on port 3000 from a SQLite file under ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.database).toEqual({ kind: 'sqlite', file: path.join(path.resolve('data'), 'shop.db') });
    expect(config.seed).toEqual({ demo: true });
    expect(config.payments).toEqual({ provider: 'test' });
    expect(config.google).toBeUndefined();
    expect(config.jwtSecret).toBeUndefined();
  });

  it('takes test cards in development, and no cards in production unless a provider is named', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).payments).toEqual({ provider: 'test' });
    expect(loadConfig({ NODE_ENV: 'test' }).payments).toEqual({ provider: 'test' });
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: SHOP }).payments).toEqual({ provider: 'none' });
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: SHOP, PAYMENT_PROVIDER: '' }).payments).toEqual({
      provider: 'none',
    });
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: SHOP, PAYMENT_PROVIDER: 'test' }).payments,
    ).toEqual({
      provider: 'test',
    });
    expect(loadConfig({ PAYMENT_PROVIDER: 'none' }).payments).toEqual({ provider: 'none' });
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: SHOP, PAYMENT_PROVIDER: 'stripe' }),
    ).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('reads every variable of docs/api.md', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/shop',
      DATABASE_URL: 'postgres://shop@db:5432/shop',
      DATABASE_POOL_MAX: '20',
      SEED_ADMIN_EMAIL: 'owner@shop.example',
      SEED_ADMIN_PASSWORD: 'a long password',
      SEED_DEMO: 'off',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      GOOGLE_CLIENT_ID: 'client',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_ISSUER: 'https://accounts.google.com',
      PUBLIC_URL: 'https://shop.example/',
      JWT_SECRET: 'x'.repeat(32),
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/shop',
      database: {
        kind: 'postgres',
        url: 'postgres://shop@db:5432/shop',
        poolMax: 20,
        statementTimeoutMs: 10_000,
      },
      seed: { demo: false, admin: { email: 'owner@shop.example', password: 'a long password' } },
      payments: {
        provider: 'stripe',
        secretKey: 'sk_test_1',
        publishableKey: 'pk_test_1',
        webhookSecret: 'whsec_1',
      },
      google: { clientId: 'client', clientSecret: 'secret', issuer: 'https://accounts.google.com' },
      publicUrl: 'https://shop.example',
      jwtSecret: 'x'.repeat(32),
      logLevel: 'warn',
    });
  });

  it.each([
    ['1', true],
    ['true', true],
    ['yes', true],
    ['on', true],
    ['0', false],
    ['false', false],
    ['no', false],
    ['off', false],
  ])('reads SEED_DEMO=%s as %s', (value, demo) => {
    expect(loadConfig({ SEED_DEMO: value }).seed.demo).toBe(demo);
  });

  it('has rate limits that leave room for a test run (docs/api.md point 16), each configurable', () => {
    expect(loadConfig({}).rateLimits).toMatchObject({
      windowSeconds: 600,
      signupsPerIp: 300,
      loginFailuresPerEmail: 30,
      loginFailuresPerAccount: 60,
      loginFailuresPerEmailHour: 100,
    });
    expect(
      loadConfig({
        RATE_LIMIT_WINDOW_SECONDS: '60',
        RATE_LIMIT_SIGNUPS_PER_IP: '1',
        RATE_LIMIT_SIGNUPS_PER_EMAIL: '2',
        RATE_LIMIT_LOGIN_FAILURES_PER_IP: '3',
        RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '4',
        RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '7',
        RATE_LIMIT_REFRESHES_PER_IP: '5',
        RATE_LIMIT_MESSAGES_PER_IP: '6',
      }).rateLimits,
    ).toMatchObject({
      windowSeconds: 60,
      signupsPerIp: 1,
      signupsPerEmail: 2,
      loginFailuresPerIp: 3,
      loginFailuresPerEmail: 4,
      loginFailuresPerAccount: 7,
      refreshesPerIp: 5,
      messagesPerIp: 6,
    });
  });

  it('limits password reset requests, verification mails and wrong current passwords, each configurable', () => {
    expect(loadConfig({}).rateLimits).toMatchObject({
      passwordResetsPerIp: 30,
      passwordResetsPerEmail: 5,
      verificationMailsPerAccount: 5,
      passwordChangeFailuresPerAccount: 10,
    });
    expect(
      loadConfig({
        RATE_LIMIT_PASSWORD_RESETS_PER_IP: '7',
        RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL: '8',
        RATE_LIMIT_VERIFICATION_MAILS_PER_ACCOUNT: '9',
        RATE_LIMIT_PASSWORD_CHANGE_FAILURES_PER_ACCOUNT: '10',
      }).rateLimits,
    ).toMatchObject({
      passwordResetsPerIp: 7,
      passwordResetsPerEmail: 8,
      verificationMailsPerAccount: 9,
      passwordChangeFailuresPerAccount: 10,
    });
    expect(() => loadConfig({ RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL: '0' })).toThrow(
      /RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL/,
    );
  });

  it('releases unpaid orders by default (1 h unverified, 24 h verified, 1 h above the card limit) and caps them per buyer', () => {
    expect(loadConfig({}).unpaidOrders).toEqual({
      perBuyer: 5,
      valueUnverified: 9_999,
      release: { unverified: 1, verified: 24, aboveCardLimit: 1 },
    });
    expect(loadConfig({}).rateLimits.reviewsPerAccount).toBe(10);
    expect(
      loadConfig({
        UNPAID_ORDER_HOURS_UNVERIFIED: '2',
        UNPAID_ORDER_HOURS_VERIFIED: '48',
        UNPAID_ORDER_HOURS_ABOVE_CARD_LIMIT: '3',
        UNPAID_ORDERS_PER_BUYER: '8',
      }).unpaidOrders,
    ).toEqual({
      perBuyer: 8,
      valueUnverified: 9_999,
      release: { unverified: 2, verified: 48, aboveCardLimit: 3 },
    });
    expect(loadConfig({ UNPAID_ORDER_RELEASE: 'false' }).unpaidOrders).toEqual({
      perBuyer: 5,
      valueUnverified: 9_999,
    });
    expect(loadConfig({ UNPAID_ORDER_VALUE_UNVERIFIED: '500' }).unpaidOrders.valueUnverified).toBe(500);
  });

  it('takes sqlite:<path> as the database', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:/tmp/x.db' }).database).toEqual({
      kind: 'sqlite',
      file: '/tmp/x.db',
    });
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '-1' }],
    ['PORT', { PORT: '3000.5' }],
    ['PORT', { PORT: '' }],
    ['HOST', { HOST: '  ' }],
    ['DATABASE_URL', { DATABASE_URL: 'sqlite:' }],
    ['DATABASE_URL', { DATABASE_URL: 'postgres://' }],
    ['DATABASE_URL', { DATABASE_URL: '/var/lib/shop.db' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://shop@db/shop' }],
    ['DATABASE_POOL_MAX', { DATABASE_POOL_MAX: '0' }],
    ['SEED_DEMO', { SEED_DEMO: 'maybe' }],
    ['SEED_ADMIN_EMAIL', { SEED_ADMIN_EMAIL: 'not-an-email', SEED_ADMIN_PASSWORD: 'long enough' }],
    ['SEED_ADMIN_PASSWORD', { SEED_ADMIN_EMAIL: 'owner@shop.example', SEED_ADMIN_PASSWORD: 'short' }],
    ['SEED_ADMIN_PASSWORD', { SEED_ADMIN_EMAIL: 'owner@shop.example' }],
    ['SEED_ADMIN_EMAIL', { SEED_ADMIN_PASSWORD: 'a long password' }],
    ['SEED_DEMO', { SEED_DEMO: '' }],
    ['PAYMENT_PROVIDER', { PAYMENT_PROVIDER: 'paypal' }],
    ['STRIPE_SECRET_KEY', { PAYMENT_PROVIDER: 'stripe' }],
    ['STRIPE_SECRET_KEY', { STRIPE_SECRET_KEY: 'pk_wrong_kind' }],
    ['STRIPE_PUBLISHABLE_KEY', { STRIPE_PUBLISHABLE_KEY: 'sk_wrong_kind' }],
    ['STRIPE_WEBHOOK_SECRET', { STRIPE_WEBHOOK_SECRET: 'secret' }],
    [
      'STRIPE_WEBHOOK_SECRET',
      { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' },
    ],
    ['GOOGLE_CLIENT_SECRET', { GOOGLE_CLIENT_ID: 'client' }],
    ['GOOGLE_ISSUER', { GOOGLE_CLIENT_ID: 'client', GOOGLE_CLIENT_SECRET: 'secret' }],
    ['GOOGLE_ISSUER', { GOOGLE_ISSUER: 'not a url' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'ftp://shop.example' }],
    ['JWT_SECRET', { JWT_SECRET: 'too short' }],
    ['RATE_LIMIT_WINDOW_SECONDS', { RATE_LIMIT_WINDOW_SECONDS: 'ten' }],
    ['RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL', { RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '0' }],
    ['RATE_LIMIT_SIGNUPS_PER_IP', { RATE_LIMIT_SIGNUPS_PER_IP: '-5' }],
    ['RATE_LIMIT_SIGNUPS_PER_EMAIL', { RATE_LIMIT_SIGNUPS_PER_EMAIL: '1.5' }],
    ['RATE_LIMIT_LOGIN_FAILURES_PER_IP', { RATE_LIMIT_LOGIN_FAILURES_PER_IP: '1e3' }],
    ['RATE_LIMIT_REFRESHES_PER_IP', { RATE_LIMIT_REFRESHES_PER_IP: 'NaN' }],
    ['RATE_LIMIT_MESSAGES_PER_IP', { RATE_LIMIT_MESSAGES_PER_IP: '' }],
    ['UNPAID_ORDER_TTL_HOURS', { UNPAID_ORDER_TTL_HOURS: '24' }],
    ['UNPAID_ORDER_HOURS_UNVERIFIED', { UNPAID_ORDER_HOURS_UNVERIFIED: '0' }],
    ['UNPAID_ORDER_HOURS_VERIFIED', { UNPAID_ORDER_HOURS_VERIFIED: '1.5' }],
    ['UNPAID_ORDER_HOURS_ABOVE_CARD_LIMIT', { UNPAID_ORDER_HOURS_ABOVE_CARD_LIMIT: '8761' }],
    ['UNPAID_ORDER_RELEASE', { UNPAID_ORDER_RELEASE: 'maybe' }],
    ['UNPAID_ORDERS_PER_BUYER', { UNPAID_ORDERS_PER_BUYER: '0' }],
    ['RATE_LIMIT_REVIEWS_PER_ACCOUNT', { RATE_LIMIT_REVIEWS_PER_ACCOUNT: 'ten' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail.example.com' }],
    ['SMTP_URL', { SMTP_URL: 'mail.example.com:587' }],
    ['MAIL_FROM', { MAIL_FROM: 'not an address' }],
    ['MAIL_FROM', { MAIL_FROM: 'Shop <orders@example.com>\r\nBcc: victim@example.com' }],
    ['MAIL_RETRY_SECONDS', { MAIL_RETRY_SECONDS: '0' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
    ['DATABASE_STATEMENT_TIMEOUT_MS', { DATABASE_STATEMENT_TIMEOUT_MS: '0' }],
    ['DATABASE_STATEMENT_TIMEOUT_MS', { DATABASE_STATEMENT_TIMEOUT_MS: '10s' }],
    ['DATABASE_STATEMENT_TIMEOUT_MS', { DATABASE_STATEMENT_TIMEOUT_MS: '3600001' }],
    ['REDIS_URL', { REDIS_URL: 'http://127.0.0.1:6379' }],
    ['REDIS_URL', { REDIS_URL: '127.0.0.1:6379' }],
    ['REDIS_KEY_PREFIX', { REDIS_KEY_PREFIX: '' }],
    ['REDIS_KEY_PREFIX', { REDIS_KEY_PREFIX: 'shop prefix' }],
    ['JWT_SECRET', { NODE_ENV: 'production', DATABASE_URL: 'postgres://shop@db:5432/shop' }],
  ])('stops with a message naming %s for %j', (name, env) => {
    let thrown: unknown;
    try {
      loadConfig(env);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as Error).message).toContain(name);
  });

  it('sends mail only when SMTP_URL is set, from MAIL_FROM or else the default sender', () => {
    expect(loadConfig({}).mail).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtps://user:secret@mail.example.com:465' }).mail).toEqual({
      smtpUrl: 'smtps://user:secret@mail.example.com:465',
      from: DEFAULT_MAIL_FROM,
      retrySeconds: 60,
    });
    expect(
      loadConfig({
        SMTP_URL: 'smtp://mail.example.com:587',
        MAIL_FROM: 'Parts Shop <orders@example.com>',
        MAIL_RETRY_SECONDS: '5',
      }).mail,
    ).toEqual({
      smtpUrl: 'smtp://mail.example.com:587',
      from: 'Parts Shop <orders@example.com>',
      retrySeconds: 5,
    });
  });

  it('counts rate limits in Redis only when REDIS_URL is set, under REDIS_KEY_PREFIX', () => {
    expect(loadConfig({}).redis).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redis).toEqual({
      url: 'redis://127.0.0.1:6379',
      keyPrefix: 'shop:',
    });
    expect(
      loadConfig({ REDIS_URL: 'rediss://user:secret@cache.example.com:6380/2', REDIS_KEY_PREFIX: 'eu-shop:' })
        .redis,
    ).toEqual({ url: 'rediss://user:secret@cache.example.com:6380/2', keyPrefix: 'eu-shop:' });
  });

  it('keeps pictures under DATA_DIR/uploads unless UPLOADS_DIR names a shared folder', () => {
    expect(loadConfig({}).uploadsDir).toBe(path.join(path.resolve('data'), 'uploads'));
    expect(loadConfig({ DATA_DIR: '/var/lib/shop' }).uploadsDir).toBe('/var/lib/shop/uploads');
    expect(loadConfig({ DATA_DIR: '/var/lib/shop', UPLOADS_DIR: '/mnt/shared/pictures' }).uploadsDir).toBe(
      '/mnt/shared/pictures',
    );
    expect(loadConfig({ UPLOADS_DIR: 'shared/pictures' }).uploadsDir).toBe(path.resolve('shared/pictures'));
    // Empty (as a compose file leaves an unset variable) means the default, not the working folder.
    expect(loadConfig({ DATA_DIR: '/var/lib/shop', UPLOADS_DIR: '  ' }).uploadsDir).toBe(
      '/var/lib/shop/uploads',
    );
  });

  it('gives PostgreSQL statements 10 s unless DATABASE_STATEMENT_TIMEOUT_MS says otherwise', () => {
    const url = 'postgres://shop@db:5432/shop';
    expect(loadConfig({ DATABASE_URL: url }).database).toMatchObject({ statementTimeoutMs: 10_000 });
    expect(loadConfig({ DATABASE_URL: url, DATABASE_STATEMENT_TIMEOUT_MS: '2500' }).database).toMatchObject({
      statementTimeoutMs: 2500,
    });
  });

  it('requires JWT_SECRET in production on PostgreSQL, where several servers must share one key', () => {
    const postgres = {
      NODE_ENV: 'production',
      PUBLIC_URL: SHOP,
      DATABASE_URL: 'postgres://shop@db:5432/shop',
    };
    expect(() => loadConfig(postgres)).toThrow(/JWT_SECRET is required in production on PostgreSQL/);
    expect(loadConfig({ ...postgres, JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
    // One server on SQLite, or a developer's PostgreSQL, may keep a generated key.
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: SHOP }).jwtSecret).toBeUndefined();
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: SHOP, DATABASE_URL: 'sqlite:/tmp/x.db' }).jwtSecret,
    ).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://shop@db:5432/shop' }).jwtSecret).toBeUndefined();
  });

  it('hashes one password per core at once (one thread of the pool left to files), 32 waiting per hash, a quarter from one address', () => {
    const concurrency = Math.max(1, Math.min(os.availableParallelism(), 3));
    expect(loadConfig({}).passwordHashing).toEqual({
      concurrency,
      maxWaiting: 32 * concurrency,
      maxWaitingPerOwner: 8 * concurrency,
    });
    expect(loadConfig({ UV_THREADPOOL_SIZE: '64' }).passwordHashing.concurrency).toBe(
      os.availableParallelism(),
    );
    expect(loadConfig({ PASSWORD_HASH_CONCURRENCY: '3' }).passwordHashing).toEqual({
      concurrency: 3,
      maxWaiting: 96,
      maxWaitingPerOwner: 24,
    });
    expect(
      loadConfig({
        PASSWORD_HASH_CONCURRENCY: '1',
        PASSWORD_HASH_QUEUE: '10',
        PASSWORD_HASH_QUEUE_PER_IP: '50',
      }).passwordHashing,
    ).toEqual({ concurrency: 1, maxWaiting: 10, maxWaitingPerOwner: 10 });
    expect(loadConfig({ PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '0' }).passwordHashing).toEqual({
      concurrency: 1,
      maxWaiting: 0,
      maxWaitingPerOwner: 0,
    });
    expect(() => loadConfig({ PASSWORD_HASH_CONCURRENCY: '0' })).toThrow(/PASSWORD_HASH_CONCURRENCY/);
    expect(() => loadConfig({ PASSWORD_HASH_QUEUE: '-1' })).toThrow(/PASSWORD_HASH_QUEUE/);
    expect(() => loadConfig({ PASSWORD_HASH_QUEUE_PER_IP: 'x' })).toThrow(/PASSWORD_HASH_QUEUE_PER_IP/);
  });

  it('reports every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', SEED_DEMO: 'maybe', JWT_SECRET: 'short' })).toThrow(
      /PORT[\s\S]*SEED_DEMO[\s\S]*JWT_SECRET/,
    );
  });
});
