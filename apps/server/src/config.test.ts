import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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

  it('reads every variable of API.md', () => {
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
      database: { kind: 'postgres', url: 'postgres://shop@db:5432/shop', poolMax: 20 },
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
    ['DATABASE_URL', { DATABASE_URL: 'mysql://shop@db/shop' }],
    ['DATABASE_POOL_MAX', { DATABASE_POOL_MAX: '0' }],
    ['SEED_DEMO', { SEED_DEMO: 'maybe' }],
    ['SEED_ADMIN_EMAIL', { SEED_ADMIN_EMAIL: 'not-an-email', SEED_ADMIN_PASSWORD: 'long enough' }],
    ['SEED_ADMIN_PASSWORD', { SEED_ADMIN_EMAIL: 'owner@shop.example', SEED_ADMIN_PASSWORD: 'short' }],
    ['SEED_ADMIN_PASSWORD', { SEED_ADMIN_EMAIL: 'owner@shop.example' }],
    ['PAYMENT_PROVIDER', { PAYMENT_PROVIDER: 'paypal' }],
    ['STRIPE_SECRET_KEY', { PAYMENT_PROVIDER: 'stripe' }],
    ['STRIPE_SECRET_KEY', { STRIPE_SECRET_KEY: 'pk_wrong_kind' }],
    ['GOOGLE_ISSUER', { GOOGLE_CLIENT_ID: 'client', GOOGLE_CLIENT_SECRET: 'secret' }],
    ['GOOGLE_ISSUER', { GOOGLE_ISSUER: 'not a url' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'ftp://shop.example' }],
    ['JWT_SECRET', { JWT_SECRET: 'too short' }],
    ['RATE_LIMIT_WINDOW_SECONDS', { RATE_LIMIT_WINDOW_SECONDS: 'ten' }],
    ['RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL', { RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '0' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
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
});
