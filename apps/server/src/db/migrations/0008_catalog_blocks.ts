import { type Kysely, sql } from 'kysely';

// Also kept counts of the catalog in blocks of about a thousand parts, by triggers, for
// paging; each server now pages through the listed parts' ids in memory (0010), which drops
// what it made there. Kept by name so that databases that applied it stay in step.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The listed parts in catalog order, nothing else: each server reads its index through it.
  await sql`create index parts_listed_order on parts (created_at, id) where deleted_at is null`.execute(db);
}
