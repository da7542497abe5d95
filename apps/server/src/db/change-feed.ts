import type pg from 'pg';
import { loadPg, loadSqlite } from './database.js';

/**
 * Tells whether what the public reads show (the catalog and its reviews) may have changed, for
 * caches of those answers. `version()` answers a number that changes after every committed write
 * of those tables, by any server or process; `undefined` means "cannot tell now": do not cache.
 *
 * Read the version before reading the data: an answer built from data read after a newer commit
 * is only stored under an older version, which the next request sees as stale.
 */
export interface ChangeFeed {
  version(): number | undefined;
  /**
   * This server has just committed a write: its own next read must not wait for the database to
   * say so. Only a feed that learns of commits late has it (PostgreSQL's notification arrives a
   * moment after the commit; SQLite's reader sees the commit at once).
   */
  wroteHere?(): void;
  close(): Promise<void>;
}

/** The channel of PostgreSQL's notifications of catalog writes (see migration 0007). */
export const CATALOG_CHANNEL = 'shop_catalog';

/**
 * SQLite: a second, read-only connection asks `PRAGMA data_version`, which changes whenever any
 * other connection (this server's own or another process's) commits. A read costs about a
 * microsecond, so every request can ask. An in-memory database has no second connection.
 */
export function sqliteChangeFeed(file: string): ChangeFeed {
  if (file === ':memory:') return { version: () => undefined, close: async () => {} };
  const reader = new (loadSqlite())(file, { readonly: true, fileMustExist: true });
  const dataVersion = reader.prepare('pragma data_version').pluck();
  return {
    version: () => dataVersion.get() as number,
    async close() {
      reader.close();
    },
  };
}

/**
 * PostgreSQL: one connection LISTENs to the notifications that triggers on the catalog's tables
 * send when a writing transaction commits (from any server); each one moves the version on.
 * While that connection is down nothing can be told, so nothing is cached; when it is back,
 * the version moves on once, since notifications may have been missed meanwhile.
 */
export function postgresChangeFeed(connectionString: string, log: (error: Error) => void): ChangeFeed {
  let generation = 0;
  let listening = false;
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let pause = 250;

  const lost = (error?: Error) => {
    if (!listening && !client) return;
    listening = false;
    generation++;
    if (error) log(error);
    client?.removeAllListeners();
    client?.end().catch(() => {});
    client = undefined;
    if (!closed) {
      retry = setTimeout(connect, pause);
      retry.unref();
      pause = Math.min(pause * 2, 30_000);
    }
  };

  async function connect() {
    if (closed) return;
    const next = new (loadPg().Client)({ connectionString, connectionTimeoutMillis: 5000 });
    client = next;
    next.on('error', lost);
    next.on('end', () => lost());
    try {
      await next.connect();
      const { rows } = await next.query<{ schema: string }>('select current_schema() as schema');
      const schema = rows[0]?.schema;
      next.on('notification', (message) => {
        // Several shops (or test runs) may share one database in different schemas.
        if (message.channel === CATALOG_CHANNEL && message.payload === schema) generation++;
      });
      await next.query(`listen ${CATALOG_CHANNEL}`);
      if (closed || client !== next) return;
      generation++;
      listening = true;
      pause = 250;
    } catch (error) {
      if (client === next) lost(error as Error);
    }
  }
  void connect();

  return {
    version: () => (listening ? generation : undefined),
    wroteHere: () => {
      generation++;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      listening = false;
      const last = client;
      client = undefined;
      last?.removeAllListeners();
      await last?.end().catch(() => {});
    },
  };
}
