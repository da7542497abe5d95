import { PART_SORTS, type PartSort } from '@shop/contract/storefront';
import { describe, expect } from 'vitest';
import { type Caller, test } from '../../test-support/fixture.js';
import { insertParts } from '../../test-support/parts.js';
import { listParts } from './repository.js';

// GET /api/parts?sort= lists the catalog by name (A–Z, Z–A, by the names' sort keys) or newest
// first; with q, limit and offset as in catalog order, and x-total-count the number of matches
// whatever the order.

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

test.beforeAll(async ({ shop }) => {
  await insertParts(
    shop.database.db,
    names.map((name, i) => ({ name, created_at: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString() })),
  );
});

async function getParts(visitor: Caller, query: string) {
  const res = await visitor.get(`/api/parts?${query}`);
  return {
    status: res.statusCode,
    total: res.headers['x-total-count'],
    names: res.statusCode === 200 ? res.json().map((part: { name: string }) => part.name) : [],
    body: res.json(),
  };
}

describe('GET /api/parts?sort=', () => {
  test.for(PART_SORTS)('lists the whole catalog by %s', async (sort, { as }) => {
    const page = await getParts(as(null), `sort=${encodeURIComponent(sort)}`);
    expect(page.status).toBe(200);
    expect(page.names).toEqual(expectedOrder[sort]);
    expect(page.total).toBe(String(names.length));
  });

  test('lists in catalog order without a sort', async ({ as }) => {
    expect((await getParts(as(null), 'limit=100')).names).toEqual(names);
  });

  test.for(PART_SORTS)('pages through a search in %s order, counting every match', async (sort, { as }) => {
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
          as(null),
          `q=${encodeURIComponent(q)}&sort=${encodeURIComponent(sort)}&limit=${limit}&offset=${offset}`,
        );
        expect(page.names, `${sort} ${q} ${limit}@${offset}`).toEqual(all.slice(offset, offset + limit));
        expect(page.total, `${sort} ${q}`).toBe(String(all.length));
      }
  });

  test('pages through the catalog without a search', async ({ as }) => {
    for (const sort of PART_SORTS)
      for (const offset of [0, 3, 9, 10, 50]) {
        const page = await getParts(as(null), `sort=${encodeURIComponent(sort)}&limit=3&offset=${offset}`);
        expect(page.names).toEqual(expectedOrder[sort].slice(offset, offset + 3));
        expect(page.total).toBe(String(names.length));
      }
  });

  test.for(['price', 'NAME', '', 'name,newest', '+name'])(
    'refuses the unknown sort %j with a 400',
    async (sort, { as }) => {
      const page = await getParts(as(null), `sort=${encodeURIComponent(sort)}`);
      expect(page.status).toBe(400);
      expect(JSON.stringify(page.body)).toContain('must be one of catalog, name, -name, newest');
    },
  );

  test('sorts by the names as they are now, a name changed outside the shop included', async ({ shop }) => {
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
