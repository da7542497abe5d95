import { MAX_CATEGORIES } from '@shop/contract/catalog';
import { describe, expect } from 'vitest';
import { newId, nowIso } from '../../clock.js';
import { test as shopTest } from '../../test-support/fixture.js';

shopTest.override('shopOptions', { demo: false });
const test = shopTest;

describe('the cap on categories', () => {
  test('holds under 50 parallel admins: the last free places are taken once each', async ({
    shop,
    admin,
    as,
  }) => {
    const db = shop.database.db;
    const { n } = await db
      .selectFrom('categories')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const free = 7;
    const filler = Array.from({ length: MAX_CATEGORIES - free - Number(n) }, (_, i) => ({
      id: newId(),
      name: `Filler ${i}`,
      parent_id: null,
      attributes: '[]',
      unspsc: null,
      created_at: nowIso(),
    }));
    for (let at = 0; at < filler.length; at += 100)
      await db
        .insertInto('categories')
        .values(filler.slice(at, at + 100))
        .execute();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => as(admin).post('/api/categories', { name: `Raced ${i}` })),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(free);
    expect(statuses.filter((status) => status === 409)).toHaveLength(50 - free);
    const refused = answers.find((res) => res.statusCode === 409);
    expect(refused?.json().error.message).toBe(`The shop keeps at most ${MAX_CATEGORIES} categories`);
    const after = await db
      .selectFrom('categories')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(MAX_CATEGORIES);
  });
});
