import { type Kysely, sql } from 'kysely';
import { CATALOG_CHANNEL, currentPostgresSchema } from './shared.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The versions of what the public reads show, in one table the change feed reads
  // (db/change-feed.ts): `catalog` (which parts are listed, their names and order: what
  // each server's catalog index holds; it takes over catalog_version, 0010), `parts` (any
  // change of a part, stock and price included) and `reviews` (the reviews, and orders'
  // paid_at, which makes a reviewer a verified buyer). A payment no longer moves what the
  // kept parts depend on, nor a purchase the kept reviews.
  const run = async (trx: Kysely<unknown>) => {
    await trx.schema
      .createTable('read_versions')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('version', 'bigint', (c) => c.notNull())
      .execute();
    await sql`insert into read_versions (name, version)
      select 'catalog', version from catalog_version where id = 1`.execute(trx);
    const catalogMoved = (o: string, n: string) =>
      `${o}.id <> ${n}.id or ${o}.created_at <> ${n}.created_at or ${o}.name_search <> ${n}.name_search
        or (${o}.deleted_at is null) <> (${n}.deleted_at is null)`;
    if (await currentPostgresSchema(trx)) {
      // PostgreSQL keeps only the catalog's counter here (rarely written); the parts and the
      // reviews are counted by each server from the notifications, which cost a writer no
      // lock: a counter row moved by every purchase would make purchases wait on each other.
      await sql`drop trigger if exists parts_catalog_version on parts`.execute(trx);
      await sql`drop trigger if exists parts_catalog_version_update on parts`.execute(trx);
      await sql`drop function if exists shop_catalog_version_bump`.execute(trx);
      await sql`drop trigger if exists parts_changed on parts`.execute(trx);
      await sql`drop trigger if exists reviews_changed on reviews`.execute(trx);
      await sql`drop trigger if exists orders_paid_changed on orders`.execute(trx);
      await sql`drop function if exists shop_catalog_changed`.execute(trx);
      await sql`drop table catalog_version`.execute(trx);
      await sql`
        create function shop_catalog_moved() returns trigger
        language plpgsql set search_path from current as $$
        begin
          update read_versions set version = version + 1 where name = 'catalog';
          return null;
        end $$`.execute(trx);
      await sql`create trigger parts_catalog_moved after insert or delete or truncate on parts
        for each statement execute function shop_catalog_moved()`.execute(trx);
      await sql
        .raw(`create trigger parts_catalog_moved_update after update on parts
        for each row when (${catalogMoved('old', 'new')})
        execute function shop_catalog_moved()`)
        .execute(trx);
      // The payload names the topic and the schema: several shops may share one database.
      await sql`
        create function shop_read_changed() returns trigger language plpgsql as $$
        begin
          perform pg_notify(${sql.lit(CATALOG_CHANNEL)}, tg_argv[0] || ':' || tg_table_schema);
          return null;
        end $$`.execute(trx);
      await sql`create trigger parts_read_changed after insert or update or delete or truncate on parts
        for each statement execute function shop_read_changed('parts')`.execute(trx);
      await sql`create trigger reviews_read_changed after insert or update or delete or truncate on reviews
        for each statement execute function shop_read_changed('reviews')`.execute(trx);
      await sql`create trigger orders_paid_read_changed after update of paid_at on orders
        for each row when (old.paid_at is distinct from new.paid_at)
        execute function shop_read_changed('reviews')`.execute(trx);
      await sql`create trigger orders_paid_read_inserted after insert on orders
        for each row when (new.paid_at is not null)
        execute function shop_read_changed('reviews')`.execute(trx);
      await sql`create trigger orders_paid_read_deleted after delete on orders
        for each row when (old.paid_at is not null)
        execute function shop_read_changed('reviews')`.execute(trx);
      await sql`create trigger orders_read_truncated after truncate on orders
        for each statement execute function shop_read_changed('reviews')`.execute(trx);
      return;
    }
    await sql`insert into read_versions (name, version) values ('parts', 1), ('reviews', 1)`.execute(trx);
    for (const name of [
      'parts_catalog_version_insert',
      'parts_catalog_version_delete',
      'parts_catalog_version_update',
    ]) {
      await sql`drop trigger if exists ${sql.id(name)}`.execute(trx);
    }
    await sql`drop table catalog_version`.execute(trx);
    const bump = (where: string) => `update read_versions set version = version + 1 where ${where};`;
    await sql
      .raw(`create trigger parts_read_inserted after insert on parts
      begin ${bump("name in ('catalog', 'parts')")} end`)
      .execute(trx);
    await sql
      .raw(`create trigger parts_read_deleted after delete on parts
      begin ${bump("name in ('catalog', 'parts')")} end`)
      .execute(trx);
    await sql
      .raw(`create trigger parts_read_updated after update on parts
      begin ${bump(`name = 'parts' or (name = 'catalog' and (${catalogMoved('old', 'new')}))`)} end`)
      .execute(trx);
    for (const event of ['insert', 'update', 'delete']) {
      await sql
        .raw(`create trigger reviews_read_${event} after ${event} on reviews
        begin ${bump("name = 'reviews'")} end`)
        .execute(trx);
    }
    await sql
      .raw(`create trigger orders_paid_read_inserted after insert on orders
      when new.paid_at is not null begin ${bump("name = 'reviews'")} end`)
      .execute(trx);
    await sql
      .raw(`create trigger orders_paid_read_updated after update of paid_at on orders
      when old.paid_at is not new.paid_at begin ${bump("name = 'reviews'")} end`)
      .execute(trx);
    await sql
      .raw(`create trigger orders_paid_read_deleted after delete on orders
      when old.paid_at is not null begin ${bump("name = 'reviews'")} end`)
      .execute(trx);
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}
