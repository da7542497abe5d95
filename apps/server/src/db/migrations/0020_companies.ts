import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Buyers buy as companies: members with a role and a monthly spending limit, invitations
  // by a one-use mailed token (its hash stored), orders that wait for a company admin's
  // approval, and payment on 30-day terms settled by the shop's admin.
  const run = async (trx: Kysely<unknown>) => {
    await trx.schema
      .createTable('companies')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('vat_id', 'text')
      .addColumn('payment_terms', 'text', (c) => c.notNull().defaultTo('card'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await trx.schema
      .createTable('company_members')
      .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('spending_limit', 'bigint')
      .addColumn('joined_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('company_members_pk', ['company_id', 'user_id'])
      .execute();
    // A person belongs to one company at most.
    await trx.schema
      .createIndex('company_members_user')
      .on('company_members')
      .column('user_id')
      .unique()
      .execute();
    await trx.schema
      .createTable('company_invitations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('spending_limit', 'bigint')
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('invited_by', 'text')
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('accepted_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await trx.schema
      .createIndex('company_invitations_company')
      .on('company_invitations')
      .columns(['company_id', 'created_at'])
      .execute();
    await trx.schema.alterTable('orders').addColumn('company_id', 'text').execute();
    await trx.schema.alterTable('orders').addColumn('approval', 'text').execute();
    await trx.schema.alterTable('orders').addColumn('due_date', 'text').execute();
    await trx.schema.alterTable('orders').addColumn('settlement_reference', 'text').execute();
    await trx.schema
      .createIndex('orders_company')
      .on('orders')
      .columns(['company_id', 'created_at'])
      .execute();
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}
