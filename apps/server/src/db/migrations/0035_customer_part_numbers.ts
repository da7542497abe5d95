import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../database.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A buyer's own numbers for the shop's parts (docs/api.md, "Customer part numbers"), and the
  // number an order line was placed under. One step on both databases.
  const run = async (trx: Kysely<unknown>) => {
    await trx.schema
      .createTable('customer_part_numbers')
      // The owner: a company (shared by its members) or a buyer in no company.
      .addColumn('owner_kind', 'text', (c) => c.notNull())
      .addColumn('owner_id', 'text', (c) => c.notNull())
      .addColumn('part_id', 'text', (c) => c.notNull().references('parts.id'))
      // As the owner wrote it, and as numbers compare (text-search.ts partNumberKey: lower case,
      // without spaces, '-', '/' and '.').
      .addColumn('customer_part_number', 'text', (c) => c.notNull())
      .addColumn('number_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      // One number a part for each owner.
      .addPrimaryKeyConstraint('customer_part_numbers_pk', ['owner_kind', 'owner_id', 'part_id'])
      .execute();
    // A number names one part for each owner; its exact and prefix lookups (the search, a bill
    // of materials) read this index, in byte order on both databases as parts_mpn_key.
    await sql`create unique index customer_part_numbers_key on customer_part_numbers (owner_kind, owner_id, number_key ${sql.raw(isSqlite(trx) ? '' : 'collate "C"')})`.execute(
      trx,
    );
    // The number the buyer knew the part by when the order was placed (invoices keep it).
    await trx.schema.alterTable('order_lines').addColumn('customer_part_number', 'text').execute();
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}
