import type { DatabaseConfig } from '../config.js';
import { type ChangeFeed, changeFeed } from '../db/change-feed.js';
import type { Database } from '../db/database.js';

/**
 * The change feed of a test database, as a server on it has one (`url` as createTestDatabase
 * gives it). Remembered by the database handle, for tests that read pages through the repository.
 */
const feeds = new WeakMap<Database, ChangeFeed>();

export function testChangeFeed(url: string, db: Database): ChangeFeed {
  const config: DatabaseConfig = url.startsWith('sqlite:')
    ? { kind: 'sqlite', file: url.slice('sqlite:'.length) }
    : { kind: 'postgres', url, poolMax: 1 };
  const feed = changeFeed(config, db, () => {});
  feeds.set(db, feed);
  return feed;
}

/** The feed made for `db` by testChangeFeed. */
export function feedOf(db: Database): ChangeFeed {
  const feed = feeds.get(db);
  if (!feed) throw new Error('no change feed was made for this database (testChangeFeed)');
  return feed;
}
