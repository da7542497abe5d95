import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, openTestDatabase, testDialect } from '../test-support/test-app.js';
import { type ChangeFeed, postgresChangeFeed, sqliteChangeFeed } from './change-feed.js';
import { openSqlite } from './database.js';
import { migrateToLatest } from './migrations.js';

const cleanUps: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

/** A migrated database of this run's dialect, and how to reach it. */
async function migratedDatabase() {
  const target = await createTestDatabase();
  const url = target.url;
  const database = openTestDatabase(url);
  await migrateToLatest(database.db);
  cleanUps.push(async () => {
    await database.close();
    await target.drop();
  });
  return { url, database };
}

function track(feed: ChangeFeed): ChangeFeed {
  cleanUps.push(() => feed.close());
  return feed;
}

const sqliteOnly = testDialect() === 'sqlite' ? describe : describe.skip;
const postgresOnly = testDialect() === 'postgres' ? describe : describe.skip;

sqliteOnly('the change feed on SQLite', () => {
  it('moves when any connection commits, and not while only reading', async () => {
    const { url } = await migratedDatabase();
    const file = url.slice('sqlite:'.length);
    const feed = track(sqliteChangeFeed(file));
    const writer = openSqlite(file);
    cleanUps.push(async () => void writer.close());

    const before = feed.version();
    expect(before).toBeTypeOf('number');
    writer.prepare('select count(*) from parts').get();
    expect(feed.version()).toBe(before);

    writer
      .prepare(`insert into parts (id, name, name_search, desc, img, price_per_piece, available_quantity,
        min_order_quantity, created_at) values ('p-feed', 'Probe', 'probe', 'A probe', 'https://example.com/p.webp', 2, 10, 1, '2026-11-23')`)
      .run();
    const afterWrite = feed.version();
    expect(afterWrite).not.toBe(before);

    // A rolled-back transaction commits nothing: the version stays.
    const rollback = writer.transaction(() => {
      writer.prepare(`update parts set available_quantity = 0`).run();
      throw new Error('changed our mind');
    });
    expect(rollback).toThrow('changed our mind');
    expect(feed.version()).toBe(afterWrite);

    // Another process (here: another connection to the file) counts too.
    const other = new SQLite(file);
    other.prepare(`delete from parts`).run();
    other.close();
    expect(feed.version()).not.toBe(afterWrite);
  });

  it('cannot tell anything of an in-memory database', () => {
    expect(sqliteChangeFeed(':memory:').version()).toBeUndefined();
  });
});

postgresOnly('the change feed on PostgreSQL', () => {
  async function listeningFeed(url: string) {
    const errors: Error[] = [];
    const feed = track(postgresChangeFeed(url, (error) => errors.push(error)));
    await vi.waitFor(() => expect(feed.version()).toBeTypeOf('number'), { timeout: 10_000 });
    return { feed, errors };
  }

  it("moves at once on this server's own write, before the notification arrives", async () => {
    const { url } = await migratedDatabase();
    const { feed } = await listeningFeed(url);
    const before = feed.version();
    feed.wroteHere?.();
    expect(feed.version()).not.toBe(before);
  });

  async function client(url: string) {
    const connection = new pg.Client({ connectionString: url });
    await connection.connect();
    cleanUps.push(() => connection.end());
    return connection;
  }

  it("moves on every committed write to the catalog's tables, not on rollbacks or other tables", async () => {
    const { url } = await migratedDatabase();
    const { feed } = await listeningFeed(url);
    const writer = await client(url);

    const start = feed.version() as number;
    await writer.query(`update parts set available_quantity = available_quantity + 1`);
    await vi.waitFor(() => expect(feed.version()).toBeGreaterThan(start));

    const afterParts = feed.version() as number;
    await writer.query(`insert into reviews (id, user_id, name, rating, message, created_at)
      select 'r-feed', id, name, 5, 'Fine', '2026-11-23T00:00:00.000Z' from users limit 1`);
    await writer.query(`delete from reviews`);
    // Two statements, two notifications: wait for both, or the second lands after `settled`.
    await vi.waitFor(() => expect(feed.version()).toBe(afterParts + 2));

    const settled = feed.version() as number;
    await writer.query('begin');
    await writer.query(`update parts set available_quantity = 0`);
    await writer.query('rollback');
    await writer.query(`update users set name = name`);
    // A marker write afterwards: once it is seen, anything sent before it has been seen too.
    await writer.query(`update parts set available_quantity = available_quantity where false`);
    await vi.waitFor(() => expect(feed.version()).toBe(settled + 1));
  });

  it("ignores another schema's writes: several shops may share one database", async () => {
    const mine = await migratedDatabase();
    const theirs = await migratedDatabase();
    const { feed } = await listeningFeed(mine.url);
    const start = feed.version() as number;
    const other = await client(theirs.url);
    await other.query(`update parts set available_quantity = available_quantity + 1`);
    const writer = await client(mine.url);
    await writer.query(`update parts set available_quantity = available_quantity where false`);
    await vi.waitFor(() => expect(feed.version()).toBe(start + 1));
  });

  it('cannot tell while its connection is lost, and moves on once it is back', async () => {
    const { url } = await migratedDatabase();
    const name = `feed-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const named = new URL(url);
    named.searchParams.set('application_name', name);
    const { feed, errors } = await listeningFeed(named.toString());
    const start = feed.version() as number;
    const admin = await client(url);
    const cut = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
      [name],
    );
    expect(cut.rowCount).toBe(1);
    await vi.waitFor(() => expect(feed.version()).toBeUndefined(), { timeout: 10_000 });
    await vi.waitFor(() => expect(feed.version()).toBeGreaterThan(start), { timeout: 10_000 });
    expect(errors.length).toBeGreaterThan(0);
  });
});
