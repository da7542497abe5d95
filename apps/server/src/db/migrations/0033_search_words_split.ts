import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../database.js';

/**
 * PostgreSQL's parser kept `AC/DC` and `4.7` as one word each, where the search (and SQLite's
 * FTS5) splits them at every character that is neither letter nor digit: the words column now
 * splits the text the same way before it is read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  const run = async (trx: Kysely<any>) => {
    await sql`drop index if exists parts_words`.execute(trx);
    await sql`alter table parts drop column words`.execute(trx);
    await sql`alter table parts add column words tsvector generated always as (
      to_tsvector('simple', regexp_replace(name || ' ' || coalesce(manufacturer, '') || ' ' || "desc", '[^[:alnum:]]+', ' ', 'g'))) stored`.execute(
      trx,
    );
    await sql`create index parts_words on parts using gin (words)`.execute(trx);
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}
