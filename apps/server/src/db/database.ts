import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteAdapter, SqliteDialect, sql } from 'kysely';
import type pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { DB } from './schema.js';

export type Database = Kysely<DB>;

export interface OpenDatabase {
  db: Database;
  dialect: DatabaseConfig['kind'];
  /** Answers whether the database responds (for the health check). */
  ping(): Promise<boolean>;
  /**
   * Runs the task unless another server runs the task of that name right now (then it answers
   * `{ ran: false }` at once). On PostgreSQL a session advisory lock, on a connection of its own,
   * says who runs it; SQLite serves one server, so there the task always runs.
   */
  exclusive<T>(name: string, task: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
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
export const loadPg = (): typeof pg => createRequire(import.meta.url)('pg');

/** The SQLite driver, loaded only by a shop on SQLite (a PostgreSQL shop never holds it). */
export const loadSqlite = (): typeof SQLite => createRequire(import.meta.url)('better-sqlite3');

/** Whether a database (or a transaction on it) is SQLite, for the few queries that differ. */
export function isSqlite(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/**
 * The database file readable by its owner alone, whatever the umask: created so before SQLite
 * opens it (SQLite gives its -wal and -shm the main file's mode), and one an earlier version left
 * readable by others is tightened, with its -wal and -shm. Folders made for it are the owner's.
 */
function ownerOnly(file: string): void {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const name of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      if ((fs.statSync(name).mode & 0o077) !== 0) fs.chmodSync(name, 0o600);
    } catch (error) {
      // Gone, or not ours to change (then its owner decides).
      if (!['ENOENT', 'EPERM'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
    }
  }
}

export function openSqlite(file: string): SQLite.Database {
  if (file !== ':memory:' && !file.startsWith('file:')) ownerOnly(file);
  const connection = new (loadSqlite())(file);
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
      exclusive: async (_name, task) => ({ ran: true, value: await task() }),
      close: () => db.destroy(),
    };
  }

  const driver = loadPg();
  const pool = new driver.Pool({
    connectionString: config.url,
    max: config.poolMax,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    // Sent when each connection opens, so it holds for every statement on it (0: none).
    ...(config.statementTimeoutMs ? { statement_timeout: config.statementTimeoutMs } : {}),
    // A connection whose peer vanished without a word is found out and dropped.
    keepAlive: true,
    types: pgTypes(driver),
  });
  // A connection lost must not bring the process down: an idle one is dropped by the pool (and
  // the next query opens another), and one a request holds fails that request's query, which
  // answers 503. pg also reports the loss as an 'error' event, which without a listener on the
  // connection itself would end the process.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
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
    exclusive: (name, task) => exclusiveOnPostgres(config.url, name, task),
    close: () => db.destroy(),
  };
}

/**
 * The lock is a session advisory lock on a connection opened for it (not one of the pool's, so
 * the task keeps the whole pool), keyed by the schema and the task's name: shops in different
 * schemas of one database do not hold each other up. The lock goes with its connection, so a
 * server that dies mid-task frees it at once.
 */
async function exclusiveOnPostgres<T>(
  url: string,
  name: string,
  task: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  const client = new (loadPg().Client)({ connectionString: url, connectionTimeoutMillis: 5000 });
  // A lost connection is reported by the next query on it; the event alone must not end the process.
  client.on('error', () => {});
  await client.connect();
  try {
    const key = `('x' || left(md5(current_schema() || ':' || $1), 16))::bit(64)::bigint`;
    const locked = await client.query<{ locked: boolean }>(`select pg_try_advisory_lock(${key}) as locked`, [
      name,
    ]);
    if (!locked.rows[0]?.locked) return { ran: false };
    try {
      return { ran: true, value: await task() };
    } finally {
      await client.query(`select pg_advisory_unlock(${key})`, [name]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}

const unavailableCodes = new Set([
  // The network: the server is down, gone or unreachable.
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL: shutting down, starting up, out of connections, a statement past its timeout.
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '57014',
]);

/**
 * Whether an error means the database cannot be reached or did not answer in time (as opposed
 * to a query the database refused): the client is told to try again (503), not that the shop
 * broke (500).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (unavailableCodes.has(code) || code.startsWith('08'))) return true;
  // What pg and its pool say when a connection ends or cannot be had in time.
  return /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/.test(
    error.message,
  );
}
