import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { DB } from './schema.js';

export type Database = Kysely<DB>;

export interface OpenDatabase {
  db: Database;
  dialect: DatabaseConfig['kind'];
  /** Answers whether the database responds (for the health check). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** PostgreSQL's int8 comes back as text by default; our integers stay far below 2^53. */
const pgTypes = (driver: typeof pg) => ({
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === driver.types.builtins.INT8) return (value: string) => Number(value);
    return driver.types.getTypeParser(oid, format);
  },
});

/** The PostgreSQL driver, loaded only by a shop on PostgreSQL (a SQLite shop never holds it). */
const loadPg = (): typeof pg => createRequire(import.meta.url)('pg');

export function openSqlite(file: string): SQLite.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const connection = new SQLite(file);
  connection.pragma('journal_mode = WAL');
  // Set after the switch to WAL, on the connection that keeps working, and checked:
  // an acknowledged write must survive a power loss.
  connection.pragma('synchronous = FULL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  if (connection.pragma('synchronous', { simple: true }) !== 2) {
    throw new Error('SQLite refused synchronous=FULL');
  }
  return connection;
}

export function openDatabase(config: DatabaseConfig): OpenDatabase {
  if (config.kind === 'sqlite') {
    const connection = openSqlite(config.file);
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: connection }) });
    return {
      db,
      dialect: 'sqlite',
      async ping() {
        try {
          connection.prepare('select 1').get();
          return true;
        } catch {
          return false;
        }
      },
      close: () => db.destroy(),
    };
  }

  const driver = loadPg();
  const pool = new driver.Pool({
    connectionString: config.url,
    max: config.poolMax,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    types: pgTypes(driver),
  });
  // An idle client losing its connection must not bring the process down; the next query reconnects.
  pool.on('error', () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
  };
}
