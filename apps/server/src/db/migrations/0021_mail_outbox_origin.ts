import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The shop's address a mail's links point to (PUBLIC_URL, else the address the request that
  // queued it came to); none for the mails queued before, which name the dashboard in words.
  await db.schema.alterTable('mail_outbox').addColumn('origin', 'text').execute();
}
