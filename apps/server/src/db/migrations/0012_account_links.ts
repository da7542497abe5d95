import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One-use links mailed to an account's owner (verify the email, reset the password). Only
  // the row is stored: the token in the link is the row's id with a MAC over it, never kept.
  await db.schema
    .createTable('account_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    // The shop's address the link points at (PUBLIC_URL, or the address the request came to).
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('account_links_user')
    .on('account_links')
    .columns(['user_id', 'purpose'])
    .execute();
  // The outbox carries account mails too: its row names an order or an account link.
  await db.schema.alterTable('mail_outbox').renameColumn('order_id', 'subject_id').execute();
}
