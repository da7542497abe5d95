// Run by drivers.test.ts in a process of its own (node --import tsx): starts the whole shop as
// main.ts does, on the database of DATABASE_URL, and prints which database and Redis drivers the
// process has loaded by then, as JSON.
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrations/index.js';

const dataDir = process.env.DATA_DIR ?? '';
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.DATABASE_URL ?? '',
  LOG_LEVEL: 'silent',
  ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
});
const database = openDatabase(config.database);
await migrateToLatest(database.db);
const app = await buildApp({ config, database, webDist: path.join(dataDir, 'no-web-app') });
await app.ready();
// Node keeps every CommonJS module it loaded here, those imported from ES modules included.
const files = Object.keys(createRequire(import.meta.url).cache);
const drivers = ['better-sqlite3', 'pg', 'ioredis', 'fastify'].filter((name) =>
  files.some((file) => file.includes(`${path.sep}node_modules${path.sep}${name}${path.sep}`)),
);
await app.close();
console.log(JSON.stringify(drivers));
