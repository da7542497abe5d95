import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeferredOwnership } from '../test-support/deferred-tables.js';
import { type OpenDatabase, openDatabase } from './database.js';
import { groupCommit } from './group-commit.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-group-'));
let database: OpenDatabase;
beforeAll(async () => {
  database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'shop.db') });
  await createDeferredOwnership(database.db);
});
afterAll(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const things = async () =>
  (await sql<{ id: number }>`select id from things order by id`.execute(database.db)).rows.map((r) => r.id);

describe('writes committed together', () => {
  it('share one commit; a write that fails is rolled back alone and its caller gets its error', async () => {
    const together = groupCommit(database.db);
    const write = (id: number, fail = false) =>
      together(async (trx) => {
        await sql`insert into things (id, owner) values (${id}, 1)`.execute(trx);
        if (fail) throw new Error(`write ${id} refused`);
        return id;
      });
    const results = await Promise.allSettled([write(1), write(2, true), write(3), write(1)]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      1,
      'write 2 refused',
      3,
      expect.stringMatching(/UNIQUE/),
    ]);
    expect(await things()).toEqual([1, 3]);
  });

  it('answer nobody before the commit, and fail every write of a commit that fails', async () => {
    const together = groupCommit(database.db);
    const before = await things();
    const results = await Promise.allSettled([
      together((trx) => sql`insert into things (id, owner) values (10, 1)`.execute(trx)),
      // No owner 99: allowed until the commit, which then fails for the whole group.
      together((trx) => sql`insert into things (id, owner) values (11, 99)`.execute(trx)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await things()).toEqual(before);
  });

  it('go in groups of at most the limit, in the order asked, each group a commit of its own', async () => {
    const together = groupCommit(database.db, 2);
    const order: number[] = [];
    const results = await Promise.allSettled(
      [20, 21, 22, 23, 24].map((id) =>
        together(async (trx) => {
          order.push(id);
          // 23 has no owner: its commit fails, and with it 22, the other write of its group.
          await sql`insert into things (id, owner) values (${id}, ${id === 23 ? 99 : 1})`.execute(trx);
        }),
      ),
    );
    expect(order).toEqual([20, 21, 22, 23, 24]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    expect((await things()).filter((id) => id >= 20)).toEqual([20, 21, 24]);
  });
});
