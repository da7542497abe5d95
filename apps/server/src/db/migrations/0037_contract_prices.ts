import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A company's contract prices (docs/api.md, "Contract prices"): one price a part for each
  // company, whole dollars a piece, with an optional last day (YYYY-MM-DD, through that day).
  const run = async (trx: Kysely<unknown>) => {
    await trx.schema
      .createTable('contract_prices')
      .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
      .addColumn('part_id', 'text', (c) => c.notNull().references('parts.id'))
      .addColumn('unit_price', 'integer', (c) => c.notNull())
      .addColumn('valid_until', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('contract_prices_pk', ['company_id', 'part_id'])
      .execute();
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}
