import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { CATALOG_BLOCK, migrateToLatest } from '../../db/migrations.js';
import { insertParts } from '../../test-support/parts.js';
import {
  createTestDatabase,
  createTestShop,
  migrateBefore,
  openTestDatabase,
  type TestShop,
} from '../../test-support/test-app.js';
import { listParts } from './repository.js';

// The catalog's blocks (migration 0008) let a page at any offset start near its place. They are
// kept by triggers: whatever writes the parts, each block must hold exactly the listed parts
// between its key and the next block's, and every page must be the one plain paging gives.

let shop: TestShop | undefined;
afterEach(async () => {
  await shop?.close();
  shop = undefined;
});

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
const key = (row: { created_at: string; id: string }) => `${row.created_at} ${row.id}`;

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

/** Each block holds the listed parts from its key to the next block's; none is empty or oversized but the first. */
async function expectBlocksHold(db: Database) {
  const blocks = await db
    .selectFrom('catalog_blocks')
    .selectAll()
    .orderBy('first_created_at')
    .orderBy('first_id')
    .execute();
  const parts = await catalog(db);
  expect(blocks[0]).toMatchObject({ first_created_at: '', first_id: '' });
  const counted = blocks.map((block, i) => {
    const next = blocks[i + 1];
    const from = `${block.first_created_at} ${block.first_id}`;
    const to = next ? `${next.first_created_at} ${next.first_id}` : undefined;
    return parts.filter((part) => key(part) >= from && (to === undefined || key(part) < to)).length;
  });
  expect(blocks.map((block) => Number(block.listed))).toEqual(counted);
  for (const block of blocks.slice(1)) {
    expect(Number(block.listed)).toBeGreaterThan(0);
    expect(Number(block.listed)).toBeLessThanOrEqual(2 * CATALOG_BLOCK);
  }
  return { blocks: blocks.length, parts };
}

/** Pages read through the blocks are the pages of the plain order, at offsets in and around every block. */
async function expectPagesMatch(db: Database) {
  const { parts } = await expectBlocksHold(db);
  const offsets = new Set([0, 1, parts.length - 1, parts.length, parts.length + 7]);
  for (let o = CATALOG_BLOCK - 3; o < parts.length; o += 487) offsets.add(o);
  for (const offset of [...offsets].filter((o) => o >= 0)) {
    const { rows, total } = await listParts(db, { limit: 30, offset });
    expect(total).toBe(parts.length);
    expect(
      rows.map((row) => row.id),
      `offset ${offset}`,
    ).toEqual(parts.slice(offset, offset + 30).map((part) => part.id));
  }
}

describe('the catalog blocks', () => {
  it('hold every listed part as parts are added in order, out of order, deleted, restored and removed', async () => {
    shop = await createTestShop({ demo: false });
    const db = shop.database.db;
    const next = random(7);
    await expectPagesMatch(db);

    // Added in catalog order, 250 a statement: blocks split as they fill.
    for (let batch = 0; batch < 12; batch++) {
      await insertParts(
        db,
        Array.from({ length: 250 }, (_, i) => ({
          name: `Relay ${batch}-${i}`,
          created_at: at(batch * 250 + i),
        })),
      );
    }
    expect((await expectBlocksHold(db)).blocks).toBeGreaterThan(1);
    await expectPagesMatch(db);

    // Added out of order in one statement: before every part, among them (sharing their
    // timestamps, so the id decides), and after.
    await insertParts(
      db,
      Array.from({ length: 900 }, (_, i) => ({
        name: `Fuse ${i}`,
        created_at: at(i % 3 === 0 ? -1 - i : i % 3 === 1 ? Math.floor(next() * 3000) : 4000 + i),
      })),
    );
    await expectPagesMatch(db);

    // Taken out of the catalog: a scattering in one statement, then a whole run of them.
    const listed = await catalog(db);
    const scattered = listed.filter(() => next() < 0.3).map((part) => part.id);
    await db
      .updateTable('parts')
      .set({ deleted_at: at(9999) })
      .where('id', 'in', scattered)
      .execute();
    await expectPagesMatch(db);
    const run = (await catalog(db)).slice(200, 200 + 3 * CATALOG_BLOCK).map((part) => part.id);
    await db
      .updateTable('parts')
      .set({ deleted_at: at(9999) })
      .where('id', 'in', run)
      .execute();
    await expectPagesMatch(db);

    // Back in the catalog, edited without a change of place, and removed for good.
    await db
      .updateTable('parts')
      .set({ deleted_at: null })
      .where('id', 'in', scattered.slice(0, 400))
      .execute();
    await db
      .updateTable('parts')
      .set({ available_quantity: 7, name: 'Renamed' })
      .where('id', 'in', run.slice(0, 10).concat(scattered.slice(0, 10)))
      .execute();
    await db.deleteFrom('parts').where('id', 'in', scattered.slice(300, 600)).execute();
    await expectPagesMatch(db);

    // Moved in the order (the shop never does, but the blocks follow).
    const [first] = await catalog(db);
    await db
      .updateTable('parts')
      .set({ created_at: at(99999) })
      .where('id', '=', first?.id ?? '')
      .execute();
    await expectPagesMatch(db);
  }, 120_000);

  it('hold every listed part when several writers add and remove parts at once', async () => {
    shop = await createTestShop({ demo: false });
    const db = shop.database.db;
    await insertParts(
      db,
      Array.from({ length: 2 * CATALOG_BLOCK }, (_, i) => ({ name: `Base ${i}`, created_at: at(i * 8) })),
    );
    const base = await catalog(db);
    // Each writer's parts fall anywhere in the catalog, in no order: while one writer's split of
    // a block is not committed, another's part may belong to either half.
    const next = random(11);
    await Promise.all([
      ...Array.from({ length: 6 }, (_, writer) =>
        db.transaction().execute(async (trx) => {
          for (let batch = 0; batch < 4; batch++) {
            await insertParts(
              trx,
              Array.from({ length: 100 }, (_, i) => ({
                name: `Writer ${writer} ${batch} ${i}`,
                created_at: at(Math.floor(next() * 16_000)),
              })),
            );
          }
        }),
      ),
      db
        .updateTable('parts')
        .set({ deleted_at: at(99999) })
        .where(
          'id',
          'in',
          base.filter((_, i) => i % 3 === 0).map((part) => part.id),
        )
        .execute(),
    ]);
    await expectPagesMatch(db);
  }, 60_000);

  it('are built by the migration for a catalog that is already there', async () => {
    const target = await createTestDatabase();
    const database = openTestDatabase(target.url);
    try {
      const db = database.db;
      await migrateBefore(db, '0008_catalog_blocks');
      await insertParts(
        db,
        Array.from({ length: 2 * CATALOG_BLOCK + 345 }, (_, i) => ({
          name: `Older part ${i}`,
          created_at: at(i % 1000),
          deleted_at: i % 10 === 0 ? at(5000) : null,
        })),
      );
      await migrateToLatest(db);
      expect((await expectBlocksHold(db)).blocks).toBe(3);
      await expectPagesMatch(db);
    } finally {
      await database.close();
      await target.drop();
    }
  }, 60_000);

  it('answer the pages of GET /api/parts', async () => {
    shop = await createTestShop({ demo: false });
    await insertParts(
      shop.database.db,
      Array.from({ length: 2 * CATALOG_BLOCK + 50 }, (_, i) => ({ name: `Listed ${i}`, created_at: at(i) })),
    );
    const res = await shop.app.inject({ method: 'GET', url: '/api/parts?limit=3&offset=2048' });
    expect(res.headers['x-total-count']).toBe(String(2 * CATALOG_BLOCK + 50));
    expect(res.json().map((part: { name: string }) => part.name)).toEqual(['Listed 2048', 'Listed 2049']);
  });
});
