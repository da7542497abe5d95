import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeferredOwnership } from '../test-support/deferred-tables.js';
import { createTestDatabase, openTestDatabase, testDialect } from '../test-support/test-app.js';
import type { OpenDatabase } from './database.js';
import { writeTransactions } from './write-transactions.js';

let database: OpenDatabase;
let drop: () => Promise<void>;

beforeAll(async () => {
  const target = await createTestDatabase();
  drop = target.drop;
  database = openTestDatabase(target.url, 4);
  await createDeferredOwnership(database.db);
});

afterAll(async () => {
  await database.close();
  await drop();
});

const things = async () =>
  (await sql<{ id: number }>`select id from things order by id`.execute(database.db)).rows.map((r) =>
    Number(r.id),
  );

describe('write transactions', () => {
  it('answer what the work answers, and a write that fails is rolled back alone', async () => {
    const write = writeTransactions(database.db);
    const results = await Promise.allSettled([
      write(async (trx) => {
        await sql`insert into things (id, owner) values (1, 1)`.execute(trx);
        return 'first';
      }),
      write(async (trx) => {
        await sql`insert into things (id, owner) values (2, 1)`.execute(trx);
        throw new Error('refused');
      }),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'first',
      'refused',
    ]);
    expect(await things()).toEqual([1]);
  });

  it('share one commit on SQLite and commit each on its own on PostgreSQL', async () => {
    const write = writeTransactions(database.db);
    const results = await Promise.allSettled([
      write((trx) => sql`insert into things (id, owner) values (10, 1)`.execute(trx)),
      // No owner 99: allowed until the commit, which then fails.
      write((trx) => sql`insert into things (id, owner) values (11, 99)`.execute(trx)),
    ]);
    if (testDialect() === 'sqlite') {
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      expect(await things()).toEqual([1]);
    } else {
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
      expect(await things()).toEqual([1, 10]);
    }
  });
});
