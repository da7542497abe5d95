import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Quotes: a buyer asks a price for parts and quantities, the shop answers with an offer
  // (a unit price per line, valid until a moment), the buyer accepts it (an order) or not.
  // offer_no counts the offers made: an accept decides against the offer it read.
  const run = async (trx: Kysely<unknown>) => {
    await trx.schema
      .createTable('quotes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('user_name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('offer_no', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('valid_until', 'text')
      .addColumn('order_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await trx.schema.createIndex('quotes_owner').on('quotes').columns(['user_id', 'created_at']).execute();
    await trx.schema.createIndex('quotes_status').on('quotes').columns(['status', 'created_at']).execute();
    await trx.schema
      .createTable('quote_lines')
      .addColumn('quote_id', 'text', (c) => c.notNull().references('quotes.id').onDelete('cascade'))
      .addColumn('line_no', 'integer', (c) => c.notNull())
      .addColumn('part_id', 'text', (c) => c.notNull().references('parts.id'))
      .addColumn('part_name', 'text', (c) => c.notNull())
      .addColumn('quantity', 'bigint', (c) => c.notNull().check(sql`quantity >= 1`))
      .addColumn('unit_price', 'bigint')
      .addPrimaryKeyConstraint('quote_lines_pk', ['quote_id', 'line_no'])
      .execute();
    await trx.schema
      .createTable('quote_messages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('quote_id', 'text', (c) => c.notNull().references('quotes.id').onDelete('cascade'))
      .addColumn('sender', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await trx.schema
      .createIndex('quote_messages_quote')
      .on('quote_messages')
      .columns(['quote_id', 'created_at'])
      .execute();
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}
