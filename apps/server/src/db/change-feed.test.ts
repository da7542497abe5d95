import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, openTestDatabase, testDialect } from '../test-support/test-app.js';
import { type ChangeFeed, postgresChangeFeed, sqliteChangeFeed } from './change-feed.js';
import { type Database, openDatabase, openSqlite } from './database.js';
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

const PROBE = `insert into parts (id, name, name_search, "desc", img, price_per_piece, available_quantity,
  min_order_quantity, created_at) values ('p-feed', 'Probe', 'probe', 'A probe', 'https://example.com/p.webp', 2, 10, 1, '2026-11-23')`;
const BUYER = `insert into users (id, name, email, created_at) values ('u-feed', 'Feed Buyer', 'feed@example.com', '2026-11-23')`;
const ORDER = `insert into orders (id, user_id, user_name, email, part_id, part_name, unit_price, quantity, price,
  mobile, address, created_at) values ('o-feed', 'u-feed', 'Feed Buyer', 'feed@example.com', 'p-feed', 'Probe', 2, 1, 2,
  '+880 1', 'Dhaka', '2026-11-23')`;

sqliteOnly('the change feed on SQLite', () => {
  it('moves each topic on the commits that change it, from any connection, and on nothing else', async () => {
    const { url, database } = await migratedDatabase();
    const file = url.slice('sqlite:'.length);
    const feed = track(sqliteChangeFeed(file, database.db));
    const writer = openSqlite(file);
    cleanUps.push(async () => void writer.close());
    const now = async () => ({
      parts: feed.version('parts'),
      reviews: feed.version('reviews'),
      all: feed.version(),
      catalog: await feed.catalogVersion(),
    });

    const start = await now();
    expect(start.parts).toBeTypeOf('number');
    writer.prepare('select count(*) from parts').get();
    expect(await now()).toEqual(start);

    writer.prepare(PROBE).run();
    const added = await now();
    expect(added.parts).toBeGreaterThan(start.parts as number);
    expect(added.catalog).toBeGreaterThan(start.catalog);
    expect(added.reviews).toBe(start.reviews);
    expect(added.all).toBeGreaterThan(start.all as number);

    // Stock is not the catalog's order or names: parts move, the catalog stays.
    writer.prepare('update parts set available_quantity = 9').run();
    const stocked = await now();
    expect(stocked.parts).toBeGreaterThan(added.parts as number);
    expect(stocked.catalog).toBe(added.catalog);

    // A rolled-back transaction commits nothing; a write elsewhere moves nothing shown.
    const rollback = writer.transaction(() => {
      writer.prepare('update parts set available_quantity = 0').run();
      throw new Error('changed our mind');
    });
    expect(rollback).toThrow('changed our mind');
    writer.prepare(BUYER).run();
    writer.prepare(ORDER).run();
    expect(await now()).toEqual(stocked);

    // A payment makes a verified buyer: the reviews move, the kept parts stay.
    writer.prepare(`update orders set paid_at = '2026-11-24' where id = 'o-feed'`).run();
    const paid = await now();
    expect(paid.reviews).toBeGreaterThan(stocked.reviews as number);
    expect(paid.parts).toBe(stocked.parts);
    writer
      .prepare(`insert into reviews (id, user_id, name, rating, message, created_at)
        values ('r-feed', 'u-feed', 'Feed Buyer', 5, 'Fine', '2026-11-24')`)
      .run();
    expect((await now()).reviews).toBeGreaterThan(paid.reviews as number);

    // Another process (here: another connection to the file) counts too.
    const before = await now();
    const other = new SQLite(file);
    other.prepare(`update parts set name = 'Probe 2', name_search = 'probe 2'`).run();
    other.close();
    const renamed = await now();
    expect(renamed.parts).toBeGreaterThan(before.parts as number);
    expect(renamed.catalog).toBeGreaterThan(before.catalog);
  });

  it('keeps nothing of an in-memory database, and reads its catalog version through its connection', async () => {
    const database = openDatabase({ kind: 'sqlite', file: ':memory:' });
    cleanUps.push(() => database.close());
    await migrateToLatest(database.db);
    const feed = sqliteChangeFeed(':memory:', database.db);
    expect(feed.version()).toBeUndefined();
    const before = await feed.catalogVersion();
    await sql.raw(PROBE).execute(database.db);
    expect(await feed.catalogVersion()).toBeGreaterThan(before);
  });
});

postgresOnly('the change feed on PostgreSQL', () => {
  async function listeningFeed(url: string, db: Database) {
    const errors: Error[] = [];
    const feed = track(postgresChangeFeed(url, db, (error) => errors.push(error)));
    await vi.waitFor(() => expect(feed.version()).toBeTypeOf('number'), { timeout: 10_000 });
    return { feed, errors };
  }

  it("moves at once on this server's own write, before the notification arrives", async () => {
    const { url, database } = await migratedDatabase();
    const { feed } = await listeningFeed(url, database.db);
    const before = { parts: feed.version('parts'), reviews: feed.version('reviews') };
    feed.wroteHere?.();
    expect(feed.version('parts')).not.toBe(before.parts);
    expect(feed.version('reviews')).not.toBe(before.reviews);
  });

  async function client(url: string) {
    const connection = new pg.Client({ connectionString: url });
    await connection.connect();
    cleanUps.push(() => connection.end());
    return connection;
  }

  it('moves each topic on every committed write to it, not on rollbacks or other tables', async () => {
    const { url, database } = await migratedDatabase();
    const { feed } = await listeningFeed(url, database.db);
    const writer = await client(url);
    const parts = () => feed.version('parts') as number;
    const reviews = () => feed.version('reviews') as number;

    const start = { parts: parts(), reviews: reviews() };
    await writer.query(`update parts set available_quantity = available_quantity + 1`);
    await vi.waitFor(() => expect(parts()).toBeGreaterThan(start.parts));

    const afterParts = parts();
    await writer.query(`insert into reviews (id, user_id, name, rating, message, created_at)
      select 'r-feed', id, name, 5, 'Fine', '2026-11-23T00:00:00.000Z' from users limit 1`);
    await writer.query(`delete from reviews`);
    // Two statements, two notifications: wait for both, or the second lands after `settled`.
    await vi.waitFor(() => expect(reviews()).toBe(start.reviews + 2));
    expect(parts()).toBe(afterParts);

    // An order placed unpaid shows on no review; its payment makes a verified buyer.
    await writer.query(PROBE);
    await writer.query(BUYER);
    await writer.query(ORDER);
    await vi.waitFor(() => expect(parts()).toBe(afterParts + 1));
    const unpaid = reviews();
    await writer.query(`update orders set paid_at = '2026-11-24' where id = 'o-feed'`);
    await vi.waitFor(() => expect(reviews()).toBe(unpaid + 1));

    const settled = { parts: parts(), reviews: reviews() };
    await writer.query('begin');
    await writer.query(`update parts set available_quantity = 0`);
    await writer.query('rollback');
    await writer.query(`update users set name = name`);
    // A marker write afterwards: once it is seen, anything sent before it has been seen too.
    await writer.query(`update parts set available_quantity = available_quantity where false`);
    await vi.waitFor(() => expect(parts()).toBe(settled.parts + 1));
    expect(reviews()).toBe(settled.reviews);
  });

  it('reads the catalog version as committed, moved by the catalog alone', async () => {
    const { url, database } = await migratedDatabase();
    const { feed } = await listeningFeed(url, database.db);
    const writer = await client(url);
    const start = await feed.catalogVersion();
    await writer.query(PROBE);
    const added = await feed.catalogVersion();
    expect(added).toBeGreaterThan(start);
    await writer.query(`update parts set available_quantity = 3`);
    expect(await feed.catalogVersion()).toBe(added);
    await writer.query(`update parts set name = 'Probe 2', name_search = 'probe 2'`);
    expect(await feed.catalogVersion()).toBeGreaterThan(added);
  });

  it("ignores another schema's writes: several shops may share one database", async () => {
    const mine = await migratedDatabase();
    const theirs = await migratedDatabase();
    const { feed } = await listeningFeed(mine.url, mine.database.db);
    const start = feed.version('parts') as number;
    const other = await client(theirs.url);
    await other.query(`update parts set available_quantity = available_quantity + 1`);
    const writer = await client(mine.url);
    await writer.query(`update parts set available_quantity = available_quantity where false`);
    await vi.waitFor(() => expect(feed.version('parts')).toBe(start + 1));
  });

  it('cannot tell while its connection is lost, and moves on once it is back', async () => {
    const { url, database } = await migratedDatabase();
    const name = `feed-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const named = new URL(url);
    named.searchParams.set('application_name', name);
    const { feed, errors } = await listeningFeed(named.toString(), database.db);
    const start = feed.version('reviews') as number;
    const admin = await client(url);
    const cut = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
      [name],
    );
    expect(cut.rowCount).toBe(1);
    await vi.waitFor(() => expect(feed.version()).toBeUndefined(), { timeout: 10_000 });
    await vi.waitFor(() => expect(feed.version('reviews')).toBeGreaterThan(start), { timeout: 10_000 });
    expect(errors.length).toBeGreaterThan(0);
  });
});
