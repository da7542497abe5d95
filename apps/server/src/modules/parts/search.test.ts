import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  testDialect,
} from '../../test-support/test-app.js';
import { listParts as listPartsWith, type PartFilter } from './repository.js';

/** A page as a server on `db` reads it, through its change feed (made by testChangeFeed). */
const listParts = (db: Database, filter: PartFilter) => listPartsWith(db, feedOf(db), filter);

// Each server searches the listed parts' names in memory (name-index.ts) and reads them again
// when the catalog's version moves (as the change feed tells it). It must answer what a literal,
// case-insensitive substring test of the names answers, and see every change of the names,
// whoever makes it.

let shop: TestShop;
const names: string[] = [];
beforeAll(async () => {
  shop = await createTestShop({ demo: false });
  const url =
    shop.config.database.kind === 'sqlite' ? `sqlite:${shop.config.database.file}` : shop.config.database.url;
  testChangeFeed(url, shop.database.db);
  // Many parts share a word; a few hold rare text, some of it with characters that SQL patterns
  // and search syntaxes give meaning to, and letters whose case folds beyond ASCII.
  const rare = [
    'Tip 100% copper_core',
    'Tip 100x copperXcore',
    'Probe "Pro" edition',
    "Technician's \\ kit",
    'Ω-meter probe 🔌',
    'ΩMEGA Clamp',
    'Straße Adapter',
    'STRASSE Adapter',
    'a',
    'Ab',
    'Zz top',
  ];
  for (let i = 0; i < 400; i++) {
    names.push(i % 3 === 0 ? `Relay board ${i}` : i % 3 === 1 ? `Fuse holder ${i}` : `Crimp ${i}`);
    if (i % 37 === 5) names.push(rare[(i / 37) | 0] ?? `Spare ${i}`);
  }
  for (const name of rare) if (!names.includes(name)) names.push(name);
  await insertParts(
    shop.database.db,
    names.map((name, i) => ({ name, created_at: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString() })),
  );
});
afterAll(async () => {
  await feedOf(shop.database.db).close();
  await shop.close();
});

/** The names a literal, case-insensitive substring test keeps, in catalog order. */
const expected = (q: string) => names.filter((name) => name.toLowerCase().includes(q.toLowerCase()));

async function expectSearch(q: string, limit = 20, offset = 0) {
  const { rows, total } = await listParts(shop.database.db, { q, limit, offset });
  const all = expected(q);
  expect(total, `total for ${q}`).toBe(all.length);
  expect(
    rows.map((row) => row.name),
    `page of ${q} at ${offset}`,
  ).toEqual(all.slice(offset, offset + limit));
}

describe('searching a larger catalog', () => {
  it.each(['relay', 'FUSE HOLDER', 'crimp 1', 'er', 'r', '1', '12', '399'])(
    'finds every name holding %s, page by page',
    async (q) => {
      for (const offset of [0, 7, 20, 100, 250]) await expectSearch(q, 20, offset);
      await expectSearch(q, 100, 0);
    },
  );

  it.each([
    '%',
    '_',
    '0%',
    '00% copper_',
    '% c',
    'r_c',
    '"pro"',
    '"',
    'o" e',
    "'s \\",
    '\\ k',
    'ω-meter',
    'Ω-METER PROBE 🔌',
    '🔌',
    'ωmega',
    'straße',
    'strasse',
    'a',
    'ab',
    'zz',
    'zz top',
    'no such part anywhere',
    'xyz',
    '   ',
  ])('takes %s literally, however short', async (q) => {
    await expectSearch(q);
    await expectSearch(q, 1, 1);
  });

  it('forgets deleted and renamed parts and finds restored ones', async () => {
    const db = shop.database.db;
    const [id] = await insertParts(db, [{ name: 'Solder wick 2.5 mm' }]);
    names.push('Solder wick 2.5 mm');
    await expectSearch('wick');
    await db
      .updateTable('parts')
      .set({ name: 'Desoldering braid', name_search: 'desoldering braid' })
      .where('id', '=', id ?? '')
      .execute();
    names[names.length - 1] = 'Desoldering braid';
    await expectSearch('wick');
    await expectSearch('braid');
    await db
      .updateTable('parts')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', id ?? '')
      .execute();
    names.pop();
    await expectSearch('braid');
    await db
      .updateTable('parts')
      .set({ deleted_at: null })
      .where('id', '=', id ?? '')
      .execute();
    names.push('Desoldering braid');
    await expectSearch('braid');
  });

  // The API refuses control characters in names and searches, but a script writing straight
  // into SQLite may store a NUL (PostgreSQL's text cannot hold one), the character that ends
  // each name in the index's text.
  it.skipIf(testDialect() === 'postgres')(
    'finds a name holding a NUL written straight into the database',
    async () => {
      await insertParts(shop.database.db, [{ name: 'Nul\0byte probe' }]);
      names.push('Nul\0byte probe');
      for (const q of ['nul\0byte', '\0', 'l\0b', 'byte probe']) await expectSearch(q);
    },
  );

  it('answers GET /api/parts?q= the same way', async () => {
    const res = await shop.app.inject({
      method: 'GET',
      url: `/api/parts?limit=100&q=${encodeURIComponent('00% COPPER_')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.json().map((part: { name: string }) => part.name)).toEqual(['Tip 100% copper_core']);
  });

  it('finds the parts a catalog held before its version was kept', async () => {
    const target = await createTestDatabase();
    const database = openTestDatabase(target.url);
    const feed = testChangeFeed(target.url, database.db);
    try {
      await migrateBefore(database.db, '0010_catalog_version');
      await insertParts(database.db, [
        { name: 'Older relay 5V', created_at: '2025-01-01T00:00:00.000Z' },
        {
          name: 'Older relay 12V',
          created_at: '2025-01-02T00:00:00.000Z',
          deleted_at: '2025-02-01T00:00:00.000Z',
        },
        { name: 'Older fuse', created_at: '2025-01-03T00:00:00.000Z' },
      ]);
      await migrateToLatest(database.db);
      const found = await listParts(database.db, { q: 'older rel', limit: 20, offset: 0 });
      expect(found.rows.map((row) => row.name)).toEqual(['Older relay 5V']);
      expect(found.total).toBe(1);
      await insertParts(database.db, [{ name: 'Newer relay 24V' }]);
      expect((await listParts(database.db, { q: 'relay', limit: 20, offset: 0 })).total).toBe(2);
    } finally {
      await feed.close();
      await database.close();
      await target.drop();
    }
  });

  it("sees another server's changes to the names, and only those move the version", async () => {
    const target = await createTestDatabase();
    const writer = openTestDatabase(target.url);
    const reader = openTestDatabase(target.url);
    const feed = testChangeFeed(target.url, reader.db);
    const version = async () =>
      String(
        (
          await writer.db
            .selectFrom('read_versions')
            .select('version')
            .where('name', '=', 'catalog')
            .executeTakeFirstOrThrow()
        ).version,
      );
    const found = async (q: string) => {
      const { rows, total } = await listParts(reader.db, { q, limit: 20, offset: 0 });
      return { names: rows.map((row) => row.name), stock: rows.map((row) => row.available_quantity), total };
    };
    try {
      await migrateToLatest(writer.db);
      const [first] = await insertParts(writer.db, [
        { name: 'Heat gun 2000 W', created_at: '2025-01-01T00:00:00.000Z', available_quantity: 500 },
        { name: 'Heat shrink kit', created_at: '2025-01-02T00:00:00.000Z' },
      ]);
      const id = first ?? '';
      expect(await found('heat')).toMatchObject({ names: ['Heat gun 2000 W', 'Heat shrink kit'], total: 2 });

      // Stock and price are not the names: the version stays, and the page shows the new stock.
      const before = await version();
      await writer.db
        .updateTable('parts')
        .set({ available_quantity: 321, price_per_piece: 9 })
        .where('id', '=', id)
        .execute();
      expect(await version()).toBe(before);
      expect((await found('gun')).stock).toEqual([321]);

      await writer.db
        .updateTable('parts')
        .set({ name: 'Hot air station', name_search: 'hot air station' })
        .where('id', '=', id)
        .execute();
      expect(await version()).not.toBe(before);
      expect(await found('heat')).toMatchObject({ names: ['Heat shrink kit'], total: 1 });
      expect(await found('air')).toMatchObject({ names: ['Hot air station'], total: 1 });

      await writer.db
        .updateTable('parts')
        .set({ created_at: '2025-01-03T00:00:00.000Z' })
        .where('id', '=', id)
        .execute();
      await insertParts(writer.db, [{ name: 'Air duster', created_at: '2025-01-04T00:00:00.000Z' }]);
      expect((await found('air')).names).toEqual(['Hot air station', 'Air duster']);

      await writer.db
        .updateTable('parts')
        .set({ deleted_at: '2025-02-01T00:00:00.000Z' })
        .where('id', '=', id)
        .execute();
      expect((await found('air')).names).toEqual(['Air duster']);
      await writer.db.updateTable('parts').set({ deleted_at: null }).where('id', '=', id).execute();
      expect((await found('air')).names).toEqual(['Hot air station', 'Air duster']);
      await writer.db.deleteFrom('parts').where('id', '=', id).execute();
      expect(await found('air')).toMatchObject({ names: ['Air duster'], total: 1 });
    } finally {
      await feed.close();
      await reader.close();
      await writer.close();
      await target.drop();
    }
  });
});
