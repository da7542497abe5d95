import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One step on both databases (Kysely runs SQLite's migrations outside a transaction): a
  // failure leaves neither table behind, so the next start tries again.
  const run = async (trx: Kysely<unknown>) => {
    await trx.schema
      .createTable('invoices')
      .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id'))
      .addColumn('number', 'integer', (c) => c.notNull().unique().check(sql`number >= 1`))
      .addColumn('issued_at', 'text', (c) => c.notNull())
      .execute();
    // The last invoice number given, in one row: paying takes its row lock, so payers queue
    // and numbers follow each other without gaps (a sequence would keep numbers that a
    // rolled-back payment took).
    await trx.schema
      .createTable('invoice_counter')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('last_number', 'integer', (c) => c.notNull().check(sql`last_number >= 0`))
      .execute();
    // Orders paid before invoices existed get theirs, in the order they were paid.
    await sql`insert into invoices (order_id, number, issued_at)
      select id, row_number() over (order by paid_at, id), paid_at
      from orders where paid_at is not null`.execute(trx);
    await sql`insert into invoice_counter (id, last_number)
      select 1, count(*) from invoices`.execute(trx);
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}
