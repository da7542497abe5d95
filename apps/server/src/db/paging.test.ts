import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, openTestDatabase } from '../test-support/test-app.js';
import type { OpenDatabase } from './database.js';
import { migrateToLatest } from './migrations/index.js';
import { pageWithTotal } from './paging.js';

let database: OpenDatabase;
let drop: () => Promise<void>;

beforeAll(async () => {
  const target = await createTestDatabase();
  drop = target.drop;
  database = openTestDatabase(target.url);
  await migrateToLatest(database.db);
  await database.db
    .insertInto('messages')
    .values(
      ['a', 'b', 'c', 'd', 'e'].map((id, i) => ({
        id,
        kind: i % 2 === 0 ? ('contact' as const) : ('complaint' as const),
        name: null,
        email: null,
        message: `message ${id}`,
        consent: null,
        created_at: `2026-01-0${i + 1}T00:00:00.000Z`,
      })),
    )
    .execute();
});

afterAll(async () => {
  await database.close();
  await drop();
});

const newestFirst = () =>
  database.db
    .selectFrom('messages')
    .select(['id', 'kind'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');

describe('pageWithTotal', () => {
  it('answers the page in the list order and the number of rows in all', async () => {
    const page = await pageWithTotal(newestFirst(), { limit: 2, offset: 1 });
    expect(page).toEqual({
      rows: [
        { id: 'd', kind: 'complaint' },
        { id: 'c', kind: 'contact' },
      ],
      total: 5,
    });
  });

  it('counts only the rows the list filters for', async () => {
    const page = await pageWithTotal(newestFirst().where('kind', '=', 'contact'), { limit: 1, offset: 0 });
    expect(page).toEqual({ rows: [{ id: 'e', kind: 'contact' }], total: 3 });
  });

  it('still tells the total on a page past the end', async () => {
    expect(await pageWithTotal(newestFirst(), { limit: 10, offset: 20 })).toEqual({ rows: [], total: 5 });
  });
});
