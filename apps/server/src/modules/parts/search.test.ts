import { describe, expect } from 'vitest';
import { test } from '../../test-support/fixture.js';
import { insertParts } from '../../test-support/parts.js';
import type { TestShop } from '../../test-support/test-app.js';
import { listParts } from './repository.js';

// The catalog's search (parts/repository.ts listParts, in SQL) must answer what a literal,
// case-insensitive substring test of the names answers, and see every change of the names,
// whoever makes it.

const names: string[] = [];
test.beforeAll(async ({ shop }) => {
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

/** The names a literal, case-insensitive substring test keeps, in catalog order. */
const expected = (q: string) => names.filter((name) => name.toLowerCase().includes(q.toLowerCase()));

async function expectSearch(shop: TestShop, q: string, limit = 20, offset = 0) {
  const { rows, total } = await listParts(shop.database.db, { q, limit, offset });
  const all = expected(q);
  expect(total, `total for ${q}`).toBe(all.length);
  expect(
    rows.map((row) => row.name),
    `page of ${q} at ${offset}`,
  ).toEqual(all.slice(offset, offset + limit));
}

describe('searching a larger catalog', () => {
  test.for(['relay', 'FUSE HOLDER', 'crimp 1', 'er', 'r', '1', '12', '399'])(
    'finds every name holding %s, page by page',
    async (q, { shop }) => {
      for (const offset of [0, 7, 20, 100, 250]) await expectSearch(shop, q, 20, offset);
      await expectSearch(shop, q, 100, 0);
    },
  );

  test.for([
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
  ])('takes %s literally, however short', async (q, { shop }) => {
    await expectSearch(shop, q);
    await expectSearch(shop, q, 1, 1);
  });
});
