import { type Kysely, sql } from 'kysely';
import { CATALOG_CHANNEL, currentPostgresSchema } from './shared.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Servers cache the public reads and must learn of every committed write to what they show,
  // whoever makes it: on PostgreSQL a trigger notifies them (delivered at commit, not on
  // rollback). SQLite servers ask the database file itself (PRAGMA data_version).
  if (!(await currentPostgresSchema(db))) return;
  await sql`
    create function shop_catalog_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(CATALOG_CHANNEL)}, tg_table_schema);
      return null;
    end $$`.execute(db);
  for (const table of ['parts', 'reviews']) {
    await sql`
      create trigger ${sql.id(`${table}_changed`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function shop_catalog_changed()`.execute(db);
  }
}
