import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../database.js';

/**
 * PostgreSQL: a search in a category reads the category's parts with what `q` tests (their number
 * and their words) from one index (an index-only scan) instead of each part's row: a category's
 * parts lie on as many pages of the table as there are parts (5,000 pages for 5,000 parts at a
 * million), the index holds them side by side. A B-tree's entry has at most 2,704 bytes, so only
 * the parts whose text (name, manufacturer, description) has at most 400 bytes are in it (their
 * words at most about 2,200 bytes); the others, few, have an index of their own to be read by.
 * SQLite reads the words from FTS5 and needs neither.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  // As parts/search-repository.ts SHORT_TEXT says it.
  const short = sql.raw(
    `octet_length(name) + coalesce(octet_length(manufacturer), 0) + octet_length("desc") <= 400`,
  );
  const run = async (trx: Kysely<any>) => {
    await sql`create index parts_category_words on parts (category_id) include (id, mpn_key, words)
      where deleted_at is null and ${short}`.execute(trx);
    await sql`create index parts_category_long_text on parts (category_id) where deleted_at is null and not (${short})`.execute(
      trx,
    );
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}
