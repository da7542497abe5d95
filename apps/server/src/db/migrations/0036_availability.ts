import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Availability a buyer can plan with (docs/api.md, "Availability"): incoming batches, lead
  // times and backorders; an order's lines' allocated, waiting, shipped and dropped pieces; its
  // shipments; the money owed back for dropped pieces. One step on both databases.
  const run = async (trx: Kysely<unknown>) => {
    await trx.schema
      .alterTable('parts')
      .addColumn('backorderable', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await trx.schema.alterTable('parts').addColumn('lead_time_days', 'integer').execute();
    await trx.schema
      .createTable('part_incoming')
      .addColumn('part_id', 'text', (c) => c.notNull().references('parts.id'))
      .addColumn('batch_no', 'integer', (c) => c.notNull())
      .addColumn('quantity', 'bigint', (c) => c.notNull().check(sql`quantity > 0`))
      .addColumn('expected_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('part_incoming_pk', ['part_id', 'batch_no'])
      .execute();
    // quantity = allocated + backordered + shipped + dropped while the order lives; an expired or
    // cancelled order's lines hold nothing.
    for (const column of ['allocated', 'backordered', 'shipped', 'dropped'])
      await trx.schema
        .alterTable('order_lines')
        .addColumn(column, 'bigint', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`${sql.ref(column)} >= 0`),
        )
        .execute();
    await sql`update order_lines set allocated = quantity where order_id in (
        select id from orders
        where fulfilment_status = 'unfulfilled' and expired_at is null and cancelled_at is null
      )`.execute(trx);
    await sql`update order_lines set shipped = quantity where order_id in (
        select id from orders where fulfilment_status <> 'unfulfilled'
      )`.execute(trx);
    // The waiting lines of a part, oldest order first: what a receipt allocates to.
    await sql`create index order_lines_waiting on order_lines (part_id) where backordered > 0`.execute(trx);
    await trx.schema
      .alterTable('orders')
      .addColumn('ship_complete', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await trx.schema
      .createTable('shipments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
      .addColumn('carrier', 'text', (c) => c.notNull())
      .addColumn('tracking_number', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('shipped_at', 'text', (c) => c.notNull())
      .addColumn('delivered_at', 'text')
      .execute();
    await trx.schema
      .createIndex('shipments_order')
      .on('shipments')
      .columns(['order_id', 'shipped_at'])
      .execute();
    await trx.schema
      .createTable('shipment_lines')
      .addColumn('shipment_id', 'text', (c) => c.notNull().references('shipments.id'))
      .addColumn('part_id', 'text', (c) => c.notNull())
      .addColumn('quantity', 'bigint', (c) => c.notNull().check(sql`quantity > 0`))
      .addPrimaryKeyConstraint('shipment_lines_pk', ['shipment_id', 'part_id'])
      .execute();
    // The orders shipped whole so far: one shipment each, named by the order's own id.
    await sql`insert into shipments (id, order_id, carrier, tracking_number, status, shipped_at, delivered_at)
      select id, id, coalesce(carrier, ''), coalesce(tracking_number, ''),
        case when fulfilment_status = 'delivered' then 'delivered' else 'shipped' end,
        coalesce(shipped_at, created_at), delivered_at
      from orders where fulfilment_status <> 'unfulfilled'`.execute(trx);
    await sql`insert into shipment_lines (shipment_id, part_id, quantity)
      select l.order_id, l.part_id, sum(l.quantity) from order_lines l
      join orders o on o.id = l.order_id
      where o.fulfilment_status <> 'unfulfilled'
      group by l.order_id, l.part_id`.execute(trx);
    await trx.schema
      .createTable('order_adjustments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      // The line whose waiting pieces were dropped, and how many.
      .addColumn('part_id', 'text', (c) => c.notNull())
      .addColumn('quantity', 'bigint', (c) => c.notNull())
      .addColumn('number', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('settled_at', 'text')
      .execute();
    await trx.schema
      .createIndex('order_adjustments_order')
      .on('order_adjustments')
      .column('order_id')
      .execute();
    await trx.schema
      .createTable('credit_note_counter')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('last_number', 'integer', (c) => c.notNull().check(sql`last_number >= 0`))
      .execute();
    await sql`insert into credit_note_counter (id, last_number) values (1, 0)`.execute(trx);
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}
