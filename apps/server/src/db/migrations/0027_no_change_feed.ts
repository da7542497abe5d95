import { type Kysely, sql } from 'kysely';
import { currentPostgresSchema } from './shared.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  // No cache is kept fresh by hand any more: the triggers, functions and counters that told
  // the servers' caches of every write go (every read asks the database).
  const postgres = Boolean(await currentPostgresSchema(db));
  const triggers = postgres
    ? [
        ['parts', 'parts_catalog_moved'],
        ['parts', 'parts_catalog_moved_update'],
        ['parts', 'parts_read_changed'],
        ['reviews', 'reviews_read_changed'],
        ['orders', 'orders_paid_read_changed'],
        ['orders', 'orders_paid_read_inserted'],
        ['orders', 'orders_paid_read_deleted'],
        ['orders', 'orders_read_truncated'],
      ]
    : [
        ['parts', 'parts_read_inserted'],
        ['parts', 'parts_read_deleted'],
        ['parts', 'parts_read_updated'],
        ['reviews', 'reviews_read_insert'],
        ['reviews', 'reviews_read_update'],
        ['reviews', 'reviews_read_delete'],
        ['orders', 'orders_paid_read_inserted'],
        ['orders', 'orders_paid_read_updated'],
        ['orders', 'orders_paid_read_deleted'],
      ];
  for (const [table, name] of triggers as [string, string][]) {
    if (postgres) await sql`drop trigger if exists ${sql.id(name)} on ${sql.table(table)}`.execute(db);
    else await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
  }
  if (postgres) {
    await sql`drop function if exists shop_catalog_moved()`.execute(db);
    await sql`drop function if exists shop_read_changed()`.execute(db);
  }
  await db.schema.dropTable('read_versions').ifExists().execute();
}
