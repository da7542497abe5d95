import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import { nameSortKey } from './text-search.js';

/** The channel migrations 0006 to 0026 notified writes on (the change feed, gone since 0027). */
const CATALOG_CHANNEL = 'shop_catalog';

/**
 * The shop's schema, one migration per change, in order. Only portable types are used
 * (text, integer, bigint), so the same migrations run on SQLite and PostgreSQL.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text')
        .addColumn('role', 'text')
        .addColumn('mobile', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('refresh_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('family_id', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('revoked_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();

      await db.schema
        .createTable('parts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_search', 'text', (c) => c.notNull())
        .addColumn('desc', 'text', (c) => c.notNull())
        .addColumn('img', 'text', (c) => c.notNull())
        .addColumn('price_per_piece', 'bigint', (c) => c.notNull().check(sql`price_per_piece >= 1`))
        .addColumn('available_quantity', 'bigint', (c) => c.notNull().check(sql`available_quantity >= 0`))
        .addColumn('min_order_quantity', 'bigint', (c) => c.notNull().check(sql`min_order_quantity >= 1`))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'text')
        .execute();
      await db.schema.createIndex('parts_catalog_order').on('parts').columns(['created_at', 'id']).execute();

      await db.schema
        .createTable('orders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('part_id', 'text', (c) => c.notNull().references('parts.id'))
        .addColumn('part_name', 'text', (c) => c.notNull())
        .addColumn('unit_price', 'bigint', (c) => c.notNull())
        .addColumn('quantity', 'bigint', (c) => c.notNull().check(sql`quantity >= 1`))
        .addColumn('price', 'bigint', (c) => c.notNull())
        .addColumn('mobile', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('payment_id', 'text', (c) => c.unique())
        .addColumn('payment_intent_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('paid_at', 'text')
        .execute();
      await db.schema.createIndex('orders_email').on('orders').columns(['email', 'created_at']).execute();
      await db.schema.createIndex('orders_created').on('orders').column('created_at').execute();
      await db.schema.createIndex('orders_part').on('orders').column('part_id').execute();

      await db.schema
        .createTable('reviews')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 0 and 5`))
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('reviews_newest').on('reviews').columns(['created_at', 'id']).execute();

      await db.schema
        .createTable('messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text')
        .addColumn('email', 'text')
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('consent', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('payment_intents')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
        .addColumn('amount_cents', 'bigint', (c) => c.notNull())
        .addColumn('client_secret', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payment_intents_order').on('payment_intents').column('order_id').execute();

      await db.schema
        .createTable('payment_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('order_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('app_state')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '0002_rate_limit_windows': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rate_limit_windows')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('reset_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('rate_limit_windows_reset')
        .on('rate_limit_windows')
        .column('reset_at')
        .execute();
    },
  },
  '0003_audit_log': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'text')
        .addColumn('actor_email', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('subject_id', 'text', (c) => c.notNull())
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
    },
  },
  '0004_invoices': {
    async up(db: Kysely<unknown>) {
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
    },
  },
  '0005_mail_outbox': {
    async up(db: Kysely<unknown>) {
      // Mail to buyers, written in the transaction of what it tells and sent after it commits.
      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('claimed_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .execute();
      await db.schema
        .createIndex('mail_outbox_once')
        .on('mail_outbox')
        .columns(['kind', 'order_id'])
        .unique()
        .execute();
      await db.schema
        .createIndex('mail_outbox_due')
        .on('mail_outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();
    },
  },
  '0006_orders_paid_at': {
    async up(db: Kysely<unknown>) {
      // The Overview reads the unpaid orders and the payments of the last 30 days by paid_at.
      await db.schema.createIndex('orders_paid_at').on('orders').column('paid_at').execute();
    },
  },
  '0007_catalog_notifications': {
    async up(db: Kysely<unknown>) {
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
    },
  },
  '0008_catalog_blocks': {
    // Also kept counts of the catalog in blocks of about a thousand parts, by triggers, for
    // paging; each server now pages through the listed parts' ids in memory (0010), which drops
    // what it made there. Kept by name so that databases that applied it stay in step.
    async up(db: Kysely<unknown>) {
      // The listed parts in catalog order, nothing else: each server reads its index through it.
      await sql`create index parts_listed_order on parts (created_at, id) where deleted_at is null`.execute(
        db,
      );
    },
  },
  '0009_catalog_search': {
    // Made trigram indexes of the names (FTS5 on SQLite, pg_trgm on PostgreSQL) for the catalog
    // search; each server now searches the names in memory (0010). Kept by name so that
    // databases that applied it stay in step; 0010 drops what it made there.
    async up() {},
  },
  '0010_catalog_version': {
    async up(db: Kysely<unknown>) {
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
    },
  },
  '0011_accounts_you_can_trust': {
    async up(db: Kysely<unknown>) {
      // When the account's owner proved the email is theirs (a mailed link, or Google vouching).
      await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
      // Google's stable subject for a linked account: the email may change, the subject does not.
      await db.schema.alterTable('users').addColumn('google_sub', 'text').execute();
      await db.schema.createIndex('users_google_sub').on('users').column('google_sub').unique().execute();
      // An unpaid order released after its time: its pieces went back, the buyer still sees it, expired.
      await db.schema.alterTable('orders').addColumn('expired_at', 'text').execute();
    },
  },
  '0012_account_links': {
    async up(db: Kysely<unknown>) {
      // One-use links mailed to an account's owner (verify the email, reset the password). Only
      // the row is stored: the token in the link is the row's id with a MAC over it, never kept.
      await db.schema
        .createTable('account_links')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        // The shop's address the link points at (PUBLIC_URL, or the address the request came to).
        .addColumn('origin', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('account_links_user')
        .on('account_links')
        .columns(['user_id', 'purpose'])
        .execute();
      // The outbox carries account mails too: its row names an order or an account link.
      await db.schema.alterTable('mail_outbox').renameColumn('order_id', 'subject_id').execute();
    },
  },
  '0013_google_codes': {
    async up(db: Kysely<unknown>) {
      // The one-time codes a Google sign-in hands the web app: only their hashes, each bound to
      // the browser that finished the sign-in (the hash of its cookie), used at most once.
      await db.schema
        .createTable('google_sign_in_codes')
        .addColumn('code_hash', 'text', (c) => c.primaryKey())
        .addColumn('browser_hash', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createIndex('google_sign_in_codes_expiry')
        .on('google_sign_in_codes')
        .column('expires_at')
        .execute();
    },
  },
  '0014_open_orders_and_verified_buyers': {
    async up(db: Kysely<unknown>) {
      // A buyer's open orders (unpaid, not expired), counted at every purchase against the cap.
      await db.schema
        .createIndex('orders_open_by_buyer')
        .on('orders')
        .column('user_id')
        .where(sql<boolean>`paid_at is null and expired_at is null`)
        .execute();
      // Open orders oldest first, for the release of those whose time ran out.
      await db.schema
        .createIndex('orders_open_created')
        .on('orders')
        .column('created_at')
        .where(sql<boolean>`paid_at is null and expired_at is null`)
        .execute();
      // Whether a reviewer has paid for an order ("Verified buyer").
      await db.schema
        .createIndex('orders_paid_by_buyer')
        .on('orders')
        .column('user_id')
        .where(sql<boolean>`paid_at is not null`)
        .execute();
      // The cached reviews show that mark: a payment must reach the servers' caches like a
      // review does (SQLite's data_version sees every commit already).
      if (!(await currentPostgresSchema(db))) return;
      await sql`
        create trigger orders_paid_changed
        after update of paid_at on orders
        for each statement execute function shop_catalog_changed()`.execute(db);
    },
  },
  '0015_read_versions': {
    async up(db: Kysely<unknown>) {
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
    },
  },
  '0016_order_lines_price_breaks_lists': {
    async up(db: Kysely<unknown>) {
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
    },
  },
  '0017_addresses': {
    async up(db: Kysely<unknown>) {
      // Buyers' saved delivery addresses, offered at checkout; they go with their account.
      const run = async (trx: Kysely<unknown>) => {
        await trx.schema
          .createTable('addresses')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('label', 'text', (c) => c.notNull())
          .addColumn('address', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await trx.schema.createIndex('addresses_owner').on('addresses').column('user_id').execute();
      };
      if (db.isTransaction) await run(db);
      else await db.transaction().execute(run);
    },
  },
  '0018_quotes': {
    async up(db: Kysely<unknown>) {
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
        await trx.schema
          .createIndex('quotes_owner')
          .on('quotes')
          .columns(['user_id', 'created_at'])
          .execute();
        await trx.schema
          .createIndex('quotes_status')
          .on('quotes')
          .columns(['status', 'created_at'])
          .execute();
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
    },
  },
  '0019_fulfilment': {
    async up(db: Kysely<unknown>) {
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
    },
  },
  '0020_companies': {
    async up(db: Kysely<unknown>) {
      // Buyers buy as companies: members with a role and a monthly spending limit, invitations
      // by a one-use mailed token (its hash stored), orders that wait for a company admin's
      // approval, and payment on 30-day terms settled by the shop's admin.
      const run = async (trx: Kysely<unknown>) => {
        await trx.schema
          .createTable('companies')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('vat_id', 'text')
          .addColumn('payment_terms', 'text', (c) => c.notNull().defaultTo('card'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
        await trx.schema
          .createTable('company_members')
          .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('role', 'text', (c) => c.notNull())
          .addColumn('spending_limit', 'bigint')
          .addColumn('joined_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('company_members_pk', ['company_id', 'user_id'])
          .execute();
        // A person belongs to one company at most.
        await trx.schema
          .createIndex('company_members_user')
          .on('company_members')
          .column('user_id')
          .unique()
          .execute();
        await trx.schema
          .createTable('company_invitations')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('role', 'text', (c) => c.notNull())
          .addColumn('spending_limit', 'bigint')
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('invited_by', 'text')
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('accepted_at', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await trx.schema
          .createIndex('company_invitations_company')
          .on('company_invitations')
          .columns(['company_id', 'created_at'])
          .execute();
        await trx.schema.alterTable('orders').addColumn('company_id', 'text').execute();
        await trx.schema.alterTable('orders').addColumn('approval', 'text').execute();
        await trx.schema.alterTable('orders').addColumn('due_date', 'text').execute();
        await trx.schema.alterTable('orders').addColumn('settlement_reference', 'text').execute();
        await trx.schema
          .createIndex('orders_company')
          .on('orders')
          .columns(['company_id', 'created_at'])
          .execute();
      };
      if (db.isTransaction) await run(db);
      else await db.transaction().execute(run);
    },
  },
  '0021_mail_outbox_origin': {
    async up(db: Kysely<unknown>) {
      // The shop's address a mail's links point to (PUBLIC_URL, else the address the request that
      // queued it came to); none for the mails queued before, which name the dashboard in words.
      await db.schema.alterTable('mail_outbox').addColumn('origin', 'text').execute();
    },
  },
  '0022_order_approved_at': {
    async up(db: Kysely<unknown>) {
      // An approved order's unpaid-order clock starts when a company admin approves it, not when
      // it was placed (it could not be paid while it waited).
      await db.schema.alterTable('orders').addColumn('approved_at', 'text').execute();
    },
  },
  '0023_partial_order_indexes': {
    async up(db: Kysely<unknown>) {
      // A buyer's orders that wait for a card payment, counted at every purchase against the cap:
      // open, neither invoiced on account nor waiting for (or refused) approval. The index holds
      // exactly them, so the count reads the index alone, however many orders the buyer has.
      await db.schema
        .createIndex('orders_card_payable_by_buyer')
        .on('orders')
        .column('user_id')
        .where(
          sql<boolean>`paid_at is null and expired_at is null and due_date is null and (approval is null or approval = 'approved')`,
        )
        .execute();
      await db.schema.dropIndex('orders_open_by_buyer').execute();
      // Orders to ship, and a company's orders: most orders are neither, and a partial index
      // costs an order that is neither nothing when it is written.
      await db.schema
        .createIndex('orders_to_ship')
        .on('orders')
        .column('created_at')
        .where(
          sql<boolean>`fulfilment_status = 'unfulfilled' and (paid_at is not null or due_date is not null) and expired_at is null`,
        )
        .execute();
      await db.schema.dropIndex('orders_fulfilment').execute();
      await db.schema.dropIndex('orders_company').execute();
      await db.schema
        .createIndex('orders_company')
        .on('orders')
        .columns(['company_id', 'created_at'])
        .where(sql<boolean>`company_id is not null`)
        .execute();
    },
  },
  '0024_links_from_configuration': {
    async up(db: Kysely<unknown>) {
      // Every mailed link is made on the shop's configured address (PUBLIC_URL) when the mail is
      // sent: an address taken from a request's Host is no longer kept with a link or a mail.
      await db.schema.alterTable('account_links').dropColumn('origin').execute();
      await db.schema.alterTable('mail_outbox').dropColumn('origin').execute();
    },
  },
  '0025_unpaid_orders_by_buyer': {
    async up(db: Kysely<unknown>) {
      // The cap on a buyer's unpaid orders counts those waiting for their company's approval too
      // (they hold their pieces just the same): the count's partial index holds every open order
      // of a buyer not invoiced on account, and the one of card-payable orders alone goes.
      await db.schema
        .createIndex('orders_unpaid_by_buyer')
        .on('orders')
        .column('user_id')
        .where(sql<boolean>`paid_at is null and expired_at is null and due_date is null`)
        .execute();
      await db.schema.dropIndex('orders_card_payable_by_buyer').execute();
    },
  },
  '0026_parts_name_sort': {
    async up(db: Kysely<any>) {
      // The catalog is read by SQL: names sort by their sort key (text-search.ts nameSortKey,
      // "Relay 9" before "Relay 10"), kept beside the name as its search form is.
      await db.schema
        .alterTable('parts')
        .addColumn('name_sort', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      const rows = await db.selectFrom('parts').select(['id', 'name']).execute();
      for (const row of rows as { id: string; name: string }[]) {
        await db
          .updateTable('parts')
          .set({ name_sort: nameSortKey(row.name) })
          .where('id', '=', row.id)
          .execute();
      }
      await db.schema
        .createIndex('parts_name_order')
        .on('parts')
        .columns(['name_sort', 'created_at', 'id'])
        .execute();
    },
  },
  '0027_no_change_feed': {
    async up(db: Kysely<unknown>) {
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
    },
  },
};

/** Brings the schema up to date; safe to run at every start and from several servers at once. */
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  // On PostgreSQL the bookkeeping tables go into the connection's own schema: Kysely would
  // otherwise take a migration table found in any other schema for ours.
  const schema = await currentPostgresSchema(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (!error && !failed) return;
    // Kysely looks for its own tables by reading every schema's catalogue; a schema that another
    // client drops meanwhile makes that read fail (3F000) though nothing of ours is wrong.
    if (!failed && schemaVanished(error) && attempt < 20) {
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80));
      continue;
    }
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

function schemaVanished(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '3F000';
}

async function currentPostgresSchema(db: Kysely<any>): Promise<string | undefined> {
  try {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    return rows[0]?.schema;
  } catch {
    return undefined; // SQLite has no schemas
  }
}
