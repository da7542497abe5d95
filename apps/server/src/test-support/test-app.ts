import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { type OpenDatabase, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrations/index.js';
import { seedDemo } from '../db/seed/seed.js';

export type TestDialect = 'sqlite' | 'postgres';

/** Which database this test run uses: vitest's projects set TEST_DB (sqlite by default). */
export function testDialect(): TestDialect {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
}

export interface TestShop {
  app: FastifyInstance;
  database: OpenDatabase;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A throw-away database: a fresh SQLite file, or a fresh PostgreSQL schema
 * (so test files can run in parallel against one server).
 */
export async function createTestDatabase(): Promise<{
  url: string;
  dataDir: string;
  drop(): Promise<void>;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (testDialect() === 'sqlite') {
    return { url: `sqlite:${path.join(dataDir, 'shop.db')}`, dataDir, drop: async () => removeDir() };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    dataDir,
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
      removeDir();
    },
  };
}

/** Opens a database by its test URL (`sqlite:<file>` or PostgreSQL), for tests that work on the database itself. */
export function openTestDatabase(url: string, poolMax = 2): OpenDatabase {
  return openDatabase(
    url.startsWith('sqlite:')
      ? { kind: 'sqlite', file: url.slice('sqlite:'.length) }
      : { kind: 'postgres', url, poolMax },
  );
}

/**
 * The configuration of a shop under test: what `env` says, over the defaults every test's shop
 * shares. Every test that starts a shop of its own starts from these.
 */
export function loadTestConfig(env: Record<string, string>): Config {
  return loadConfig({
    NODE_ENV: 'test',
    // Many tests place more orders by one buyer than a buyer may leave unpaid; the cap's own
    // tests (modules/orders/unpaid-cap.test.ts) set it.
    UNPAID_ORDERS_PER_BUYER: '1000',
    // Test files run side by side on a few cores, where an event loop waits long for its turn:
    // no shedding of load but in its own tests (plugins/standard-parts.test.ts), which set it.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  });
}

/** The whole shop on a throw-away database, migrated and (unless told otherwise) seeded with the demo catalog. */
export async function createTestShop(
  options: {
    demo?: boolean;
    env?: Record<string, string>;
    logStream?: { write(line: string): void };
    /** The built web app to serve (none by default). */
    webDist?: string;
    /** A web app of this one page (its index.html, written to the shop's data folder), in place of `webDist`. */
    indexHtml?: string;
    /** Routes of the test's own (a handler that throws, say), added before the shop is ready. */
    routes?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestShop> {
  const target = await createTestDatabase();
  const config = loadTestConfig({ DATA_DIR: target.dataDir, DATABASE_URL: target.url, ...options.env });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  let webDist = options.webDist ?? path.join(target.dataDir, 'no-web-app');
  if (options.indexHtml !== undefined) {
    webDist = path.join(target.dataDir, 'web');
    fs.mkdirSync(webDist);
    fs.writeFileSync(path.join(webDist, 'index.html'), options.indexHtml);
  }
  const app = await buildApp({
    config,
    database,
    webDist,
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  options.routes?.(app);
  if (options.demo ?? true) await seedDemo(database.db, config.uploadsDir, app.log);
  await app.ready();
  return {
    app,
    database,
    config,
    dataDir: target.dataDir,
    async close() {
      await app.close();
      await target.drop();
    },
  };
}

/**
 * Another server on the same database as `shop` (as behind a load balancer), with its own pool,
 * counters and background work. Closing it leaves the database to `shop`.
 */
export async function anotherServer(
  shop: TestShop,
  env: Record<string, string> = {},
  logStream?: { write(line: string): void },
): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: shop.dataDir,
    DATABASE_URL:
      shop.config.database.kind === 'sqlite'
        ? `sqlite:${shop.config.database.file}`
        : shop.config.database.url,
    UNPAID_ORDERS_PER_BUYER: String(shop.config.unpaidOrders.perBuyer),
    MAX_EVENT_LOOP_DELAY_MS: String(shop.config.maxEventLoopDelayMs),
    ...env,
  });
  const app = await buildApp({
    config,
    database: openDatabase(config.database),
    webDist: path.join(shop.dataDir, 'no-web-app'),
    ...(logStream ? { logStream } : {}),
  });
  await app.ready();
  return app;
}

/**
 * The shop's own table names. Not Kysely's introspector: on PostgreSQL it reads every schema's
 * catalogue and fails when another test drops its schema at that moment.
 */
export async function tableNames(db: OpenDatabase['db']): Promise<string[]> {
  const query =
    testDialect() === 'postgres'
      ? sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema()`
      : sql<{ name: string }>`select name from sqlite_master where type = 'table'`;
  return (await query.execute(db)).rows.map((row) => row.name);
}

/** The shop's schema as it was before `migration`. */
export function migrateBefore(db: Kysely<any>, migration: string) {
  return migrateToLatest(db, { before: migration });
}
