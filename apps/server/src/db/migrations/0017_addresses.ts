import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Buyers' saved delivery addresses, offered at checkout; they go with their account.
  const run = async (trx: Kysely<unknown>) => {
    await trx.schema
      .createTable('addresses')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await trx.schema.createIndex('addresses_owner').on('addresses').column('user_id').execute();
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}
