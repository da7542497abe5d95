import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../database.js';

/**
 * Finding the part (docs/api.md, part three): categories with their attributes, a part's
 * specification, numbers and lifecycle, and what the search reads them by.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const run = async (trx: Kysely<any>) => {
    await trx.schema
      .createTable('categories')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('parent_id', 'text', (c) => c.references('categories.id'))
      // [{key, name, type, unit?}] (contract/catalog.ts CategoryAttribute), in the order shown.
      .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await trx.schema.createIndex('categories_parent').on('categories').column('parent_id').execute();

    for (const [name, type] of [
      ['category_id', 'text'],
      ['mpn', 'text'],
      // The mpn with case, spaces, '-', '/' and '.' taken out (text-search.ts partNumberKey).
      ['mpn_key', 'text'],
      ['manufacturer', 'text'],
      ['replacement_id', 'text'],
    ] as const)
      await trx.schema.alterTable('parts').addColumn(name, type).execute();
    await trx.schema
      .alterTable('parts')
      .addColumn('lifecycle', 'text', (c) => c.notNull().defaultTo('active'))
      .execute();
    // {key: value} in each number's base unit, as the part's category defines its keys.
    await trx.schema
      .alterTable('parts')
      .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    await trx.schema
      .alterTable('parts')
      .addColumn('documents', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await trx.schema
      .createIndex('parts_category')
      .on('parts')
      .columns(['category_id', 'created_at', 'id'])
      .where(sql<boolean>`deleted_at is null`)
      .execute();
    await trx.schema
      .createIndex('parts_price_order')
      .on('parts')
      .columns(['price_per_piece', 'id'])
      .where(sql<boolean>`deleted_at is null`)
      .execute();
    // Exact and prefix lookups of a part number; byte order on both databases.
    await sql`create index parts_mpn_key on parts (mpn_key ${sql.raw(isSqlite(trx) ? '' : 'collate "C"')}) where deleted_at is null and mpn_key is not null`.execute(
      trx,
    );

    // One row per attribute of a part in the catalog: what the filters and facet counts read
    // through ordinary indexes. Written with the part, in its transaction (parts/repository.ts).
    await trx.schema
      .createTable('part_values')
      .addColumn('part_id', 'text', (c) => c.notNull().references('parts.id'))
      .addColumn('category_id', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('num', 'double precision')
      .addColumn('txt', 'text')
      .addPrimaryKeyConstraint('part_values_pk', ['part_id', 'key'])
      .execute();
    await trx.schema
      .createIndex('part_values_numbers')
      .on('part_values')
      .columns(['category_id', 'key', 'num', 'part_id'])
      .execute();
    await trx.schema
      .createIndex('part_values_texts')
      .on('part_values')
      .columns(['category_id', 'key', 'txt', 'part_id'])
      .execute();

    // Words of a part's name, manufacturer and description.
    if (isSqlite(trx)) {
      // FTS5 over the parts table itself, kept in step by the triggers SQLite's FTS5 page gives
      // for an external-content table; only writes of these columns touch it (stock does not).
      await sql`create virtual table parts_words using fts5(name, manufacturer, "desc", content='parts', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2')`.execute(
        trx,
      );
      await sql`insert into parts_words(rowid, name, manufacturer, "desc") select rowid, name, coalesce(manufacturer, ''), "desc" from parts`.execute(
        trx,
      );
      await sql`create trigger parts_words_insert after insert on parts begin
        insert into parts_words(rowid, name, manufacturer, "desc") values (new.rowid, new.name, coalesce(new.manufacturer, ''), new."desc");
      end`.execute(trx);
      await sql`create trigger parts_words_delete after delete on parts begin
        insert into parts_words(parts_words, rowid, name, manufacturer, "desc") values ('delete', old.rowid, old.name, coalesce(old.manufacturer, ''), old."desc");
      end`.execute(trx);
      await sql`create trigger parts_words_update after update of name, manufacturer, "desc" on parts begin
        insert into parts_words(parts_words, rowid, name, manufacturer, "desc") values ('delete', old.rowid, old.name, coalesce(old.manufacturer, ''), old."desc");
        insert into parts_words(rowid, name, manufacturer, "desc") values (new.rowid, new.name, coalesce(new.manufacturer, ''), new."desc");
      end`.execute(trx);
    } else {
      // PostgreSQL keeps the words itself: a generated column and its GIN index.
      await sql`alter table parts add column words tsvector generated always as (
        to_tsvector('simple', name || ' ' || coalesce(manufacturer, '') || ' ' || "desc")) stored`.execute(
        trx,
      );
      await sql`create index parts_words on parts using gin (words)`.execute(trx);
    }
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}
