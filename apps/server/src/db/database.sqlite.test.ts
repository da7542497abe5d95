import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, openSqlite } from './database.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-sqlite-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the SQLite connection', () => {
  it('is in WAL mode with synchronous=FULL, foreign keys on and a busy timeout, in a folder it makes', () => {
    const connection = openSqlite(path.join(dir, 'nested', 'shop.db'));
    try {
      expect(connection.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(connection.pragma('synchronous', { simple: true })).toBe(2);
      expect(connection.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(connection.pragma('busy_timeout', { simple: true })).toBeGreaterThan(0);
    } finally {
      connection.close();
    }
  });

  it('keeps those settings when the file is opened again (WAL is stored in the file, the rest per connection)', () => {
    const file = path.join(dir, 'again.db');
    openSqlite(file).close();
    const connection = openSqlite(file);
    try {
      expect(connection.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(connection.pragma('synchronous', { simple: true })).toBe(2);
    } finally {
      connection.close();
    }
  });

  it('is what the shop itself queries through (openDatabase)', async () => {
    const database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'shop.db') });
    const pragma = async (name: string) =>
      Object.values(
        (await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(database.db)).rows[0] ?? {},
      )[0];
    try {
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(2);
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('busy_timeout')).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });
});

describe('the SQLite database through Kysely', () => {
  it('serves the shop through Kysely, every query kind included', async () => {
    const database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'kysely.db') });
    try {
      await sql`create table t (id integer primary key, x integer)`.execute(database.db);
      for (let i = 0; i < 3; i++) {
        await sql`insert into t (x) values (${i})`.execute(database.db);
      }
      const updated = await sql<{ x: number }>`update t set x = x + 10 where x >= ${1} returning x`.execute(
        database.db,
      );
      expect(updated.rows.map((r) => r.x).sort()).toEqual([11, 12]);
      const rows = await sql<{ x: number }>`select x from t order by x`.execute(database.db);
      expect(rows.rows).toEqual([{ x: 0 }, { x: 11 }, { x: 12 }]);
    } finally {
      await database.close();
    }
  });
});
