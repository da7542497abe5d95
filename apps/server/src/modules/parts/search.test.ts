import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrations.js';
import { feedOf, testChangeFeed } from '../../test-support/change-feeds.js';
import { insertParts } from '../../test-support/parts.js';
import {
  createTestDatabase,
  createTestShop,
  openTestDatabase,
  type TestShop,
} from '../../test-support/test-app.js';
import { listParts } from './repository.js';

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
