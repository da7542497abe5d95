import { type Kysely, sql } from 'kysely';
import type pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import { loadPg, loadSqlite } from './database.js';

/**
 * What a kept public answer shows: `parts` (the catalog's parts, stock and prices included) or
 * `reviews` (the reviews, and which reviewers have paid for an order: "Verified buyer").
 */
export type ReadTopic = 'parts' | 'reviews';

/**
 * The one source of the versions of what the public reads show, for the caches of those answers
 * (http/public-cache.ts, the rendered pages) and the catalog index (modules/parts/catalog-index.ts).
 *
 * `version(topic)` answers a number that changes after every committed write to what `topic`
 * covers, by any server or process (without a topic: after a write to any of them); `undefined`
 * means "cannot tell now": keep nothing. A payment moves `reviews` and leaves the kept parts
 * alone; a purchase moves `parts` and leaves the kept reviews alone.
 *
 * Read the version before reading the data: an answer built from data read after a newer commit
 * is only stored under an older version, which the next request sees as stale.
 *
 * Where the versions come from (migration 0015_read_versions):
 * - SQLite: triggers count the writes in `read_versions` (rows `catalog`, `parts`, `reviews`).
 *   The feed asks `PRAGMA data_version` on a read-only connection of its own (about a
 *   microsecond: every request can ask), which moves whenever any connection commits, and reads
 *   the counters again only when it has moved. A commit is seen by the very next read, so a
 *   server's own write needs no word from it.
 * - PostgreSQL: triggers notify (delivered at commit, not on rollback) with the topic; the feed
 *   LISTENs and counts them per topic. A counter row moved by every purchase would make each
 *   purchase wait for the one before it to commit, so only `catalog` is counted in
 *   `read_versions` there. A notification arrives a moment after its commit: a write this server
 *   acknowledged must not be followed by a stale read from it, so the caching plugin
 *   (http/public-cache.ts) calls `wroteHere()` as each successful write is answered.
 *   While the LISTEN connection is down nothing can be told (nothing is kept); once it is back
 *   every version moves, since notifications may have been missed meanwhile.
 */
export interface ChangeFeed {
  version(topic?: ReadTopic): number | undefined;
  /**
   * The catalog's version as committed now: it moves when a part is added, deleted, restored,
   * renamed or re-dated (not when its stock or price changes), whoever writes. Always an answer
   * (read from the database when the feed cannot tell without it).
   */
  catalogVersion(): Promise<number>;
  /**
   * This server has just committed a write: its own next read must not wait for the database to
   * say so. Only a feed that learns of commits late has it (PostgreSQL).
   */
  wroteHere?(): void;
  close(): Promise<void>;
}

/** The channel of PostgreSQL's notifications of writes to what the public reads show (migrations 0007, 0015). */
export const CATALOG_CHANNEL = 'shop_catalog';

/** The catalog's counter, read by the shop's own connection. */
async function readCatalogVersion(db: Kysely<any>): Promise<number> {
  const { rows } = await sql<{
    version: number | string;
  }>`select version from read_versions where name = 'catalog'`.execute(db);
  return Number(rows[0]?.version ?? 0);
}

/** The feed of the shop's database (`db` is the shop's own connection, for the catalog's version). */
export function changeFeed(config: DatabaseConfig, db: Kysely<any>, log: (error: Error) => void): ChangeFeed {
  return config.kind === 'sqlite'
    ? sqliteChangeFeed(config.file, db)
    : postgresChangeFeed(config.url, db, log);
}

/**
 * SQLite: see ChangeFeed. An in-memory database has no second connection: nothing is kept, and
 * the catalog's version is read through the shop's own connection.
 */
export function sqliteChangeFeed(file: string, db: Kysely<any>): ChangeFeed {
  if (file === ':memory:') {
    return { version: () => undefined, catalogVersion: () => readCatalogVersion(db), close: async () => {} };
  }
  const reader = new (loadSqlite())(file, { readonly: true, fileMustExist: true });
  const dataVersion = reader.prepare('pragma data_version').pluck();
  // Prepared on first use: the feed may be made before the migrations have run.
  let counters: { all(): unknown[] } | undefined;
  let seen: unknown;
  let now = { catalog: 0, parts: 0, reviews: 0 };
  const current = () => {
    const moved = dataVersion.get();
    if (moved !== seen) {
      // Read after data_version: a commit in between is counted at once and seen again next time.
      seen = moved;
      counters ??= reader.prepare<[]>('select name, version from read_versions');
      const next = { catalog: 0, parts: 0, reviews: 0 };
      for (const row of counters.all() as { name: string; version: number }[]) {
        if (row.name === 'catalog' || row.name === 'parts' || row.name === 'reviews')
          next[row.name] = row.version;
      }
      now = next;
    }
    return now;
  };
  return {
    version(topic) {
      const counted = current();
      return topic ? counted[topic] : counted.parts + counted.reviews;
    },
    catalogVersion: async () => current().catalog,
    async close() {
      reader.close();
    },
  };
}

/** PostgreSQL: see ChangeFeed. */
export function postgresChangeFeed(
  connectionString: string,
  db: Kysely<any>,
  log: (error: Error) => void,
): ChangeFeed {
  // Counted notifications per topic; both move together whenever anything may have been missed.
  const counted = { parts: 0, reviews: 0 };
  const moveAll = () => {
    counted.parts++;
    counted.reviews++;
  };
  let listening = false;
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let pause = 250;

  const lost = (error?: Error) => {
    if (!listening && !client) return;
    listening = false;
    moveAll();
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
      // Several shops (or test runs) may share one database in different schemas: the payload
      // is `<topic>:<schema>`.
      const topics = new Map<string, ReadTopic>([
        [`parts:${schema}`, 'parts'],
        [`reviews:${schema}`, 'reviews'],
      ]);
      next.on('notification', (message) => {
        const topic = message.channel === CATALOG_CHANNEL && topics.get(message.payload ?? '');
        if (topic) counted[topic]++;
      });
      await next.query(`listen ${CATALOG_CHANNEL}`);
      if (closed || client !== next) return;
      moveAll();
      listening = true;
      pause = 250;
    } catch (error) {
      if (client === next) lost(error as Error);
    }
  }
  void connect();

  return {
    version(topic) {
      if (!listening) return undefined;
      return topic ? counted[topic] : counted.parts + counted.reviews;
    },
    // One row by its key, read on each use: exact whether or not the notifications arrive, and
    // asked only when a page of the catalog is built (not for a kept answer).
    catalogVersion: () => readCatalogVersion(db),
    wroteHere: moveAll,
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
