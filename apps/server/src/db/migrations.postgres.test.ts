import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testDialect } from '../test-support/test-app.js';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrations/index.js';

const base = process.env.TEST_DATABASE_URL;

/** Other clients create and drop schemas (with tables) while the shop migrates its own. */
describe.runIf(testDialect() === 'postgres' && base)('migrations on a busy PostgreSQL', () => {
  it('succeed while other schemas come and go', async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    let churning = true;
    const churn = (async () => {
      while (churning) {
        const other = `churn_${randomBytes(5).toString('hex')}`;
        await admin.query(`create schema ${other}`);
        await admin.query(`create table ${other}.t (id serial primary key, a text)`);
        await admin.query(`drop schema ${other} cascade`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const schemas: string[] = [];
    try {
      for (let i = 0; i < 8; i++) {
        const schema = `mig_${randomBytes(5).toString('hex')}`;
        schemas.push(schema);
        await admin.query(`create schema ${schema}`);
        const url = new URL(base ?? '');
        url.searchParams.set('options', `-c search_path=${schema}`);
        const database = openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 2 });
        try {
          await migrateToLatest(database.db);
          // The tables are there: the shop can read its orders.
          expect(await database.db.selectFrom('orders').selectAll().execute()).toEqual([]);
        } finally {
          await database.close();
        }
      }
    } finally {
      churning = false;
      await churn;
      for (const schema of schemas) await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
  }, 60_000);
});
