import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrations.js';
import { feedOf, testChangeFeed } from '../../test-support/change-feeds.js';
import { insertParts } from '../../test-support/parts.js';
import {
  createTestDatabase,
  createTestShop,
  migrateBefore,
  openTestDatabase,
  type TestShop,
} from '../../test-support/test-app.js';
import { listParts as listPartsWith, type PartFilter } from './repository.js';

/** A page as a server on `db` reads it, through its change feed (made by testChangeFeed). */
const listParts = (db: Database, filter: PartFilter) => listPartsWith(db, feedOf(db), filter);

// Each server pages through the listed parts' ids held in memory (catalog-index.ts) and reads
// them again when the catalog's version moves (as the change feed tells it). Whatever writes the parts, and
// from whichever connection, every page must be the one plain paging of the database gives.

const cleanUp: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanUp.splice(0).reverse()) await step();
});

/** Two servers' handles on one fresh, migrated database: one writes, the other reads. */
async function twoServers() {
  const target = await createTestDatabase();
  const writer = openTestDatabase(target.url);
  const reader = openTestDatabase(target.url);
  const feed = testChangeFeed(target.url, reader.db);
  cleanUp.push(
    () => target.drop(),
    () => writer.close(),
    () => reader.close(),
    () => feed.close(),
  );
  await migrateToLatest(writer.db);
  return { writer: writer.db, reader: reader.db };
}

/** A generator of the same numbers every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const at = (second: number) => new Date(Date.UTC(2025, 0, 1) + second * 1000).toISOString();

/** The listed parts in catalog order, read the plain way. */
async function catalog(db: Database) {
  return db
    .selectFrom('parts')
    .select(['id', 'created_at'])
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Pages read by `reader` are the pages of the plain order that `writer` sees, at offsets all through it. */
async function expectPagesMatch(writer: Database, reader: Database) {
  const parts = await catalog(writer);
  const offsets = new Set([0, 1, parts.length - 1, parts.length, parts.length + 7]);
  for (let o = 3; o < parts.length; o += 211) offsets.add(o);
  for (const offset of [...offsets].filter((o) => o >= 0)) {
    const { rows, total } = await listParts(reader, { limit: 30, offset });
    expect(total).toBe(parts.length);
    expect(
      rows.map((row) => row.id),
      `offset ${offset}`,
    ).toEqual(parts.slice(offset, offset + 30).map((part) => part.id));
  }
}

describe('the catalog pages', () => {
  it('follow parts added in order, out of order, deleted, restored, removed and moved, by another server', async () => {
    const { writer, reader } = await twoServers();
    const next = random(7);
    await expectPagesMatch(writer, reader);

    // Added in catalog order, 250 a statement.
    for (let batch = 0; batch < 4; batch++) {
      await insertParts(
        writer,
        Array.from({ length: 250 }, (_, i) => ({
          name: `Relay ${batch}-${i}`,
          created_at: at(batch * 250 + i),
        })),
      );
    }
    await expectPagesMatch(writer, reader);

    // Added out of order in one statement: before every part, among them (sharing their
    // timestamps, so the id decides), and after.
    await insertParts(
      writer,
      Array.from({ length: 300 }, (_, i) => ({
        name: `Fuse ${i}`,
        created_at: at(i % 3 === 0 ? -1 - i : i % 3 === 1 ? Math.floor(next() * 1000) : 2000 + i),
      })),
    );
    await expectPagesMatch(writer, reader);

    // Taken out of the catalog: a scattering in one statement, then a whole run of them.
    const scattered = (await catalog(writer)).filter(() => next() < 0.3).map((part) => part.id);
    await writer
      .updateTable('parts')
      .set({ deleted_at: at(9999) })
      .where('id', 'in', scattered)
      .execute();
    await expectPagesMatch(writer, reader);
    const run = (await catalog(writer)).slice(100, 400).map((part) => part.id);
    await writer
      .updateTable('parts')
      .set({ deleted_at: at(9999) })
      .where('id', 'in', run)
      .execute();
    await expectPagesMatch(writer, reader);

    // Back in the catalog, then edited without a change of place (stock, price), and removed for good.
    await writer
      .updateTable('parts')
      .set({ deleted_at: null })
      .where('id', 'in', scattered.slice(0, 150))
      .execute();
    await expectPagesMatch(writer, reader);
    await writer
      .updateTable('parts')
      .set({ available_quantity: 7, price_per_piece: 11 })
      .where('id', 'in', run.slice(0, 10).concat(scattered.slice(0, 10)))
      .execute();
    await writer.deleteFrom('parts').where('id', 'in', scattered.slice(100, 200)).execute();
    await expectPagesMatch(writer, reader);

    // Moved in the order (the shop never does, but the pages follow).
    const [first] = await catalog(writer);
    await writer
      .updateTable('parts')
      .set({ created_at: at(99999) })
      .where('id', '=', first?.id ?? '')
      .execute();
    await expectPagesMatch(writer, reader);
  }, 120_000);

  it('show the stock as it is now, though a change of stock does not move the version', async () => {
    const { writer, reader } = await twoServers();
    const [id] = await insertParts(writer, [{ name: 'Crimp tool', available_quantity: 900 }]);
    const version = async () =>
      String(
        (
          await writer
            .selectFrom('read_versions')
            .select('version')
            .where('name', '=', 'catalog')
            .executeTakeFirstOrThrow()
        ).version,
      );
    expect((await listParts(reader, { limit: 5, offset: 0 })).rows[0]?.available_quantity).toBe(900);
    const before = await version();
    await writer
      .updateTable('parts')
      .set({ available_quantity: 860 })
      .where('id', '=', id ?? '')
      .execute();
    expect(await version()).toBe(before);
    expect((await listParts(reader, { limit: 5, offset: 0 })).rows[0]?.available_quantity).toBe(860);
  });

  it('follow several writers adding and removing parts at once', async () => {
    const { writer, reader } = await twoServers();
    await insertParts(
      writer,
      Array.from({ length: 600 }, (_, i) => ({ name: `Base ${i}`, created_at: at(i * 8) })),
    );
    const base = await catalog(writer);
    await expectPagesMatch(writer, reader);
    const next = random(11);
    await Promise.all([
      ...Array.from({ length: 6 }, (_, w) =>
        writer.transaction().execute(async (trx) => {
          for (let batch = 0; batch < 3; batch++) {
            await insertParts(
              trx,
              Array.from({ length: 50 }, (_, i) => ({
                name: `Writer ${w} ${batch} ${i}`,
                created_at: at(Math.floor(next() * 5000)),
              })),
            );
          }
        }),
      ),
      writer
        .updateTable('parts')
        .set({ deleted_at: at(99999) })
        .where(
          'id',
          'in',
          base.filter((_, i) => i % 3 === 0).map((part) => part.id),
        )
        .execute(),
      // Pages read while the writers work: each must be whole, whichever state it saw.
      ...Array.from({ length: 5 }, () => listParts(reader, { limit: 30, offset: 0 })),
    ]);
    await expectPagesMatch(writer, reader);
  }, 60_000);

  it('hold the parts a catalog had before its version was kept', async () => {
    const target = await createTestDatabase();
    const database = openTestDatabase(target.url);
    const feed = testChangeFeed(target.url, database.db);
    cleanUp.push(
      () => target.drop(),
      () => database.close(),
      () => feed.close(),
    );
    await migrateBefore(database.db, '0010_catalog_version');
    await insertParts(
      database.db,
      Array.from({ length: 345 }, (_, i) => ({
        name: `Older part ${i}`,
        created_at: at(i % 100),
        deleted_at: i % 10 === 0 ? at(5000) : null,
      })),
    );
    await migrateToLatest(database.db);
    await expectPagesMatch(database.db, database.db);
    await insertParts(database.db, [{ name: 'Newer part', created_at: at(200) }]);
    await expectPagesMatch(database.db, database.db);
  });

  it('answer GET /api/parts', async () => {
    const shop: TestShop = await createTestShop({ demo: false });
    cleanUp.push(() => shop.close());
    await insertParts(
      shop.database.db,
      Array.from({ length: 250 }, (_, i) => ({ name: `Listed ${i}`, created_at: at(i) })),
    );
    const res = await shop.app.inject({ method: 'GET', url: '/api/parts?limit=3&offset=248' });
    expect(res.headers['x-total-count']).toBe('250');
    expect(res.json().map((part: { name: string }) => part.name)).toEqual(['Listed 248', 'Listed 249']);
  });
});
