import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A category's UNSPSC code (8 digits, or none): what "Transfer to procurement" classifies its
  // parts by, and its sub-categories' parts when they have none of their own.
  await db.schema.alterTable('categories').addColumn('unspsc', 'text').execute();
}
