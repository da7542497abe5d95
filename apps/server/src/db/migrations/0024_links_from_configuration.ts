import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every mailed link is made on the shop's configured address (PUBLIC_URL) when the mail is
  // sent: an address taken from a request's Host is no longer kept with a link or a mail.
  await db.schema.alterTable('account_links').dropColumn('origin').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('origin').execute();
}
