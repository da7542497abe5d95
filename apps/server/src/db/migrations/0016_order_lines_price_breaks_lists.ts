import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Orders of many parts: each order's parts are its lines, the order's own part columns
  // repeat its first line. Every order so far becomes one line. Parts gain their volume
  // prices; buyers their saved lists.
  const run = async (trx: Kysely<unknown>) => {
    await trx.schema
      .alterTable('parts')
      .addColumn('price_breaks', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await trx.schema.alterTable('orders').addColumn('po_number', 'text').execute();
    await trx.schema
      .createTable('order_lines')
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('line_no', 'integer', (c) => c.notNull())
      .addColumn('part_id', 'text', (c) => c.notNull().references('parts.id'))
      .addColumn('part_name', 'text', (c) => c.notNull())
      .addColumn('quantity', 'bigint', (c) => c.notNull().check(sql`quantity >= 1`))
      .addColumn('unit_price', 'bigint', (c) => c.notNull())
      .addColumn('price', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('order_lines_pk', ['order_id', 'line_no'])
      .execute();
    await trx.schema.createIndex('order_lines_part').on('order_lines').column('part_id').execute();
    await sql`insert into order_lines (order_id, line_no, part_id, part_name, quantity, unit_price, price)
      select id, 0, part_id, part_name, quantity, unit_price, price from orders`.execute(trx);
    await trx.schema
      .createTable('lists')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await trx.schema.createIndex('lists_owner').on('lists').columns(['user_id', 'created_at']).execute();
    await trx.schema
      .createTable('list_lines')
      .addColumn('list_id', 'text', (c) => c.notNull().references('lists.id').onDelete('cascade'))
      .addColumn('line_no', 'integer', (c) => c.notNull())
      .addColumn('part_id', 'text', (c) => c.notNull().references('parts.id'))
      .addColumn('quantity', 'bigint', (c) => c.notNull().check(sql`quantity >= 1`))
      .addPrimaryKeyConstraint('list_lines_pk', ['list_id', 'line_no'])
      .execute();
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}
