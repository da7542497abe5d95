import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // An order's life after payment: shipped (carrier, tracking number), then delivered.
  const run = async (trx: Kysely<unknown>) => {
    await trx.schema
      .alterTable('orders')
      .addColumn('fulfilment_status', 'text', (c) => c.notNull().defaultTo('unfulfilled'))
      .execute();
    await trx.schema.alterTable('orders').addColumn('carrier', 'text').execute();
    await trx.schema.alterTable('orders').addColumn('tracking_number', 'text').execute();
    await trx.schema.alterTable('orders').addColumn('shipped_at', 'text').execute();
    await trx.schema.alterTable('orders').addColumn('delivered_at', 'text').execute();
    await trx.schema
      .createIndex('orders_fulfilment')
      .on('orders')
      .columns(['fulfilment_status', 'created_at'])
      .execute();
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}
