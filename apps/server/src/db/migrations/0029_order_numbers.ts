import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One step on both databases (Kysely runs SQLite's migrations outside a transaction): a
  // failure leaves nothing half done, so the next start tries again.
  const run = async (trx: Kysely<unknown>) => {
    // An order's human number (SO-000123): given from a counter row in the transaction that
    // writes the order, as invoices are (0004), so numbers follow each other without gaps.
    await trx.schema.alterTable('orders').addColumn('number', 'integer').execute();
    await trx.schema
      .createTable('order_counter')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('last_number', 'integer', (c) => c.notNull().check(sql`last_number >= 0`))
      .execute();
    // The orders there are get theirs in the order they were placed.
    await sql`update orders set number = (
        select numbered.n from (
          select id, row_number() over (order by created_at, id) as n from orders
        ) as numbered
        where numbered.id = orders.id
      )`.execute(trx);
    await sql`insert into order_counter (id, last_number) select 1, count(*) from orders`.execute(trx);
    await trx.schema.createIndex('orders_number').on('orders').column('number').unique().execute();
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}
