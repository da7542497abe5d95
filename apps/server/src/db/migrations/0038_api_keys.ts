import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Keys a buyer or a company admin makes for their own systems (docs/api.md, "API keys"): only
  // the key's SHA-256 is kept. One step on both databases.
  const run = async (trx: Kysely<unknown>) => {
    await trx.schema
      .createTable('api_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      // The company the creator administered when they made it; null: a buyer in no company.
      .addColumn('company_id', 'text')
      .addColumn('name', 'text', (c) => c.notNull())
      // A JSON array of scopes.
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text')
      .addColumn('revoked_at', 'text')
      .execute();
    await trx.schema.createIndex('api_keys_user').on('api_keys').columns(['user_id', 'created_at']).execute();
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}
