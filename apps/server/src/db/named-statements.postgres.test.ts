import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect } from '../test-support/test-app.js';
import { isDatabaseUnavailable, namedStatements } from './database.js';

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

/** Kysely on a fresh schema through namedStatements, on one connection (its statements are that connection's). */
async function open(max?: number) {
  const target = await createTestDatabase();
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({
      pool: namedStatements(new pg.Pool({ connectionString: target.url, max: 1 }), max),
    }),
  });
  closing.push(async () => {
    await db.destroy();
    await target.drop();
  });
  await sql`create table t (id integer primary key, x text)`.execute(db);
  return { db, url: target.url };
}

/** The texts prepared on the connection (asked without parameters: the question is not prepared itself). */
const prepared = async (db: Kysely<unknown>) =>
  (
    await sql<{ statement: string }>`select statement from pg_prepared_statements order by statement`.execute(
      db,
    )
  ).rows.map((row) => row.statement);

describe.runIf(testDialect() === 'postgres')(
  'statements prepared once per connection (namedStatements)',
  () => {
    it('prepares a text with parameters once and runs it again by its name', async () => {
      const { db } = await open();
      for (const [id, x] of [
        [1, 'a'],
        [2, 'b'],
        [3, 'c'],
      ] as const)
        await sql`insert into t (id, x) values (${id}, ${x})`.execute(db);
      const rows = await sql<{ x: string }>`select x from t where id >= ${2} order by id`.execute(db);
      expect(rows.rows).toEqual([{ x: 'b' }, { x: 'c' }]);
      expect(await prepared(db)).toEqual([
        'insert into t (id, x) values ($1, $2)',
        'select x from t where id >= $1 order by id',
      ]);
    });

    it('sends a text without parameters as it is, several statements in one text included', async () => {
      const { db } = await open();
      await sql.raw("insert into t values (1, 'a'); insert into t values (2, 'b')").execute(db);
      expect((await sql<{ n: number }>`select count(*)::int as n from t`.execute(db)).rows).toEqual([
        { n: 2 },
      ]);
      expect(await prepared(db)).toEqual([]);
    });

    it('names at most so many texts; the others still run, unnamed', async () => {
      const { db } = await open(2);
      for (let id = 1; id <= 3; id++) await sql.raw(`insert into t values (${id}, 'x')`).execute(db);
      const answers = [
        await sql`select id from t where id = ${1}`.execute(db),
        await sql`select id from t where id = ${2} or id = ${2}`.execute(db),
        await sql`select id from t where id = ${3} and x = ${'x'}`.execute(db),
      ];
      expect(answers.map((answer) => answer.rows)).toEqual([[{ id: 1 }], [{ id: 2 }], [{ id: 3 }]]);
      expect(await prepared(db)).toHaveLength(2);
    });

    it('answers a statement prepared before its table changed shape as unavailable once, then prepares it afresh', async () => {
      const { db, url } = await open();
      await sql`insert into t (id, x) values (${1}, ${'a'})`.execute(db);
      const read = () => sql<Record<string, unknown>>`select * from t where id = ${1}`.execute(db);
      expect((await read()).rows).toEqual([{ id: 1, x: 'a' }]);
      // Another server's migration: a column more in what `select *` answers.
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      await other.query('alter table t add column y integer not null default 7');
      await other.end();
      const failed = await read().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isDatabaseUnavailable(failed)).toBe(true);
      expect((await read()).rows).toEqual([{ id: 1, x: 'a', y: 7 }]);
      // The connection it failed on was closed: only the statement prepared afresh is kept.
      expect(await prepared(db)).toEqual(['select * from t where id = $1']);
    });

    it('answers a statement gone from its connection as unavailable once, then prepares it afresh', async () => {
      const { db } = await open();
      const read = () => sql<{ n: number }>`select count(*)::int as n from t where id > ${0}`.execute(db);
      expect((await read()).rows).toEqual([{ n: 0 }]);
      await sql`deallocate all`.execute(db);
      const failed = await read().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isDatabaseUnavailable(failed)).toBe(true);
      expect((await read()).rows).toEqual([{ n: 0 }]);
      expect(await prepared(db)).toEqual(['select count(*)::int as n from t where id > $1']);
    });
  },
);
