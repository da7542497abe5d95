import { type Kysely, sql } from 'kysely';
import { currentPostgresSchema } from './shared.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The catalog's version: it moves whenever a part is added, deleted, restored, renamed or
  // re-dated (not when its stock or price changes), whoever writes. Each server holds the
  // listed parts' ids and names in memory, in catalog order, for paging and the search, and
  // reads them again when it moves.
  await db.schema
    .createTable('catalog_version')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into catalog_version (id, version) values (1, 1)`.execute(db);
  const bump = 'update catalog_version set version = version + 1 where id = 1;';
  const renamedOrMoved = (o: string, n: string) =>
    `${o}.id <> ${n}.id or ${o}.created_at <> ${n}.created_at or ${o}.name_search <> ${n}.name_search
      or (${o}.deleted_at is null) <> (${n}.deleted_at is null)`;
  if (await currentPostgresSchema(db)) {
    await sql`drop index if exists parts_listed_name_trigrams`.execute(db);
    await sql`drop trigger if exists parts_listed on parts`.execute(db);
    await sql`drop function if exists shop_catalog_listed`.execute(db);
    await sql`drop function if exists shop_catalog_block_change`.execute(db);
    await sql`drop table if exists catalog_blocks`.execute(db);
    await sql
      .raw(`
      create function shop_catalog_version_bump() returns trigger
      language plpgsql set search_path from current as $$
      begin
        ${bump}
        return null;
      end $$`)
      .execute(db);
    await sql`create trigger parts_catalog_version after insert or delete or truncate on parts
      for each statement execute function shop_catalog_version_bump()`.execute(db);
    await sql
      .raw(`create trigger parts_catalog_version_update after update on parts
      for each row when (${renamedOrMoved('old', 'new')})
      execute function shop_catalog_version_bump()`)
      .execute(db);
    return;
  }
  for (const name of [
    'parts_search_insert',
    'parts_search_update',
    'parts_search_delete',
    'parts_listed_insert',
    'parts_listed_delete',
    'parts_listed_update',
  ]) {
    await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
  }
  await sql`drop table if exists part_search`.execute(db);
  await sql`drop table if exists part_search_rows`.execute(db);
  await sql`drop index if exists parts_listed_names`.execute(db);
  await sql`drop table if exists catalog_blocks`.execute(db);
  await sql
    .raw(`create trigger parts_catalog_version_insert after insert on parts begin ${bump} end`)
    .execute(db);
  await sql
    .raw(`create trigger parts_catalog_version_delete after delete on parts begin ${bump} end`)
    .execute(db);
  await sql
    .raw(`create trigger parts_catalog_version_update after update on parts
    when ${renamedOrMoved('old', 'new')} begin ${bump} end`)
    .execute(db);
}
