import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // When the account's owner proved the email is theirs (a mailed link, or Google vouching).
  await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
  // Google's stable subject for a linked account: the email may change, the subject does not.
  await db.schema.alterTable('users').addColumn('google_sub', 'text').execute();
  await db.schema.createIndex('users_google_sub').on('users').column('google_sub').unique().execute();
  // An unpaid order released after its time: its pieces went back, the buyer still sees it, expired.
  await db.schema.alterTable('orders').addColumn('expired_at', 'text').execute();
}
