import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Punchout (docs/api.md, "Punchout"): a company's procurement identity with its shared secret's
  // SHA-256, the sessions it opens, and the purchase orders it sent (by their cXML payloadID, so
  // one sent twice makes one order). One step on both databases.
  const run = async (trx: Kysely<unknown>) => {
    await trx.schema
      .createTable('punchout_identities')
      .addColumn('company_id', 'text', (c) => c.primaryKey().references('companies.id'))
      .addColumn('domain', 'text', (c) => c.notNull())
      .addColumn('identity', 'text', (c) => c.notNull())
      .addColumn('oci_username', 'text', (c) => c.notNull().unique())
      .addColumn('secret_hash', 'text', (c) => c.notNull())
      // Whom a session or a purchase order acts as when the procurement system names no member.
      .addColumn('buyer_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('secret_set_at', 'text', (c) => c.notNull())
      .execute();
    await trx.schema
      .createIndex('punchout_identities_credential')
      .on('punchout_identities')
      .columns(['domain', 'identity'])
      .unique()
      .execute();
    await trx.schema
      .createTable('punchout_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('protocol', 'text', (c) => c.notNull())
      // Where "Transfer to procurement" posts: cXML BrowserFormPost, or OCI HOOK_URL.
      .addColumn('return_url', 'text', (c) => c.notNull())
      .addColumn('buyer_cookie', 'text')
      // The one-use StartPage token's hash (cXML), cleared when it is used.
      .addColumn('start_hash', 'text', (c) => c.unique())
      .addColumn('start_expires_at', 'text')
      // The session token's hash, set when the session opens.
      .addColumn('token_hash', 'text', (c) => c.unique())
      .addColumn('expires_at', 'text')
      .addColumn('ended_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await trx.schema
      .createTable('punchout_orders')
      .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
      .addColumn('payload_id', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('punchout_orders_pk', ['company_id', 'payload_id'])
      .execute();
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}
