import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The one-time codes a Google sign-in hands the web app: only their hashes, each bound to
  // the browser that finished the sign-in (the hash of its cookie), used at most once.
  await db.schema
    .createTable('google_sign_in_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('google_sign_in_codes_expiry')
    .on('google_sign_in_codes')
    .column('expires_at')
    .execute();
}
