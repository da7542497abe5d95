import { PART_SORTS, type PartSort } from '@shop/contract/storefront';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertParts } from '../../test-support/parts.js';
import { createTestShop, type TestShop } from '../../test-support/test-app.js';
import { listParts } from './repository.js';

// GET /api/parts?sort= lists the catalog by name (A–Z, Z–A, by the names' sort keys) or newest
// first; with q, limit and offset as in catalog order, and x-total-count the number of matches
// whatever the order.

let shop: TestShop;
/** The parts in catalog order (oldest first). */
const names = [
  'Relay 10',
  'relay 9',
  'Amp meter',
  'fuse',
  'Fuse',
  'Zener diode',
  'Ωmega probe',
  'Relay 009 mini',
  'Crimp tool',
  'amp clamp',
];
/** The same names as each sort lists them, written out by hand. */
const byName = [
  'amp clamp',
  'Amp meter',
  'Crimp tool',
  'fuse',
  'Fuse',
  'relay 9',
  'Relay 009 mini',
  'Relay 10',
  'Zener diode',
  'Ωmega probe',
];
const expectedOrder: Record<PartSort, string[]> = {
  catalog: names,
  name: byName,
  // Z–A, parts of one name still in catalog order.
  '-name': [
    'Ωmega probe',
    'Zener diode',
    'Relay 10',
    'Relay 009 mini',
    'relay 9',
    'fuse',
    'Fuse',
    'Crimp tool',
    'Amp meter',
    'amp clamp',
  ],
  newest: [...names].reverse(),
};

beforeAll(async () => {
  shop = await createTestShop({ demo: false });
  await insertParts(
    shop.database.db,
    names.map((name, i) => ({ name, created_at: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString() })),
  );
});
afterAll(async () => {
  await shop.close();
});

async function getParts(query: string) {
  const res = await shop.app.inject({ method: 'GET', url: `/api/parts?${query}` });
  return {
    status: res.statusCode,
    total: res.headers['x-total-count'],
    names: res.statusCode === 200 ? res.json().map((part: { name: string }) => part.name) : [],
    body: res.json(),
  };
}

describe('GET /api/parts?sort=', () => {
  it.each(PART_SORTS)('lists the whole catalog by %s', async (sort) => {
    const page = await getParts(`sort=${encodeURIComponent(sort)}`);
    expect(page.status).toBe(200);
    expect(page.names).toEqual(expectedOrder[sort]);
    expect(page.total).toBe(String(names.length));
  });

  it('lists in catalog order without a sort', async () => {
    expect((await getParts('limit=100')).names).toEqual(names);
  });

  it.each(PART_SORTS)('pages through a search in %s order, counting every match', async (sort) => {
    for (const q of ['relay', 'AMP', 'u', 'e', 'no such part'])
      for (const [limit, offset] of [
        [1, 0],
        [2, 1],
        [3, 2],
        [100, 0],
        [5, 20],
      ] as const) {
        const all = expectedOrder[sort].filter((name) => name.toLowerCase().includes(q.toLowerCase()));
        const page = await getParts(
          `q=${encodeURIComponent(q)}&sort=${encodeURIComponent(sort)}&limit=${limit}&offset=${offset}`,
        );
        expect(page.names, `${sort} ${q} ${limit}@${offset}`).toEqual(all.slice(offset, offset + limit));
        expect(page.total, `${sort} ${q}`).toBe(String(all.length));
      }
  });

  it('pages through the catalog without a search', async () => {
    for (const sort of PART_SORTS)
      for (const offset of [0, 3, 9, 10, 50]) {
        const page = await getParts(`sort=${encodeURIComponent(sort)}&limit=3&offset=${offset}`);
        expect(page.names).toEqual(expectedOrder[sort].slice(offset, offset + 3));
        expect(page.total).toBe(String(names.length));
      }
  });

  it.each(['price', 'NAME', '', 'name,newest', '+name'])(
    'refuses the unknown sort %j with a 400',
    async (sort) => {
      const page = await getParts(`sort=${encodeURIComponent(sort)}`);
      expect(page.status).toBe(400);
      expect(JSON.stringify(page.body)).toContain('must be one of catalog, name, -name, newest');
    },
  );

  it('sorts by the names as they are now, a name changed outside the shop included', async () => {
    const db = shop.database.db;
    const sorted = async (sort: PartSort, q?: string) =>
      (await listParts(db, { sort, q, limit: 100, offset: 0 })).rows.map((row) => row.name);
    expect(await sorted('name')).toEqual(byName);
    const [id] = await insertParts(db, [{ name: 'Aardvark relay', created_at: '2025-06-01T00:00:00.000Z' }]);
    expect((await sorted('name'))[0]).toBe('Aardvark relay');
    expect((await sorted('newest'))[0]).toBe('Aardvark relay');
    expect(await sorted('-name', 'relay')).toEqual([
      'Relay 10',
      'Relay 009 mini',
      'relay 9',
      'Aardvark relay',
    ]);
    await db
      .updateTable('parts')
      .set({ name: 'Zz relay', name_search: 'zz relay', name_sort: 'zz relay' })
      .where('id', '=', id ?? '')
      .execute();
    expect((await sorted('name')).at(-2)).toBe('Zz relay');
    await db
      .updateTable('parts')
      .set({ deleted_at: '2025-07-01T00:00:00.000Z' })
      .where('id', '=', id ?? '')
      .execute();
    expect(await sorted('name')).toEqual(byName);
  });
});
