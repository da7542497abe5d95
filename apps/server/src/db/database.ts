import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteAdapter, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
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
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

/** Whether a database (or a transaction on it) is SQLite, for the few queries that differ. */
export function isSqlite(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

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

  const pool = new pg.Pool({
    connectionString: config.url,
    max: config.poolMax,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    types: pgTypes,
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
