import { type Kysely, sql } from 'kysely';
import { currentPostgresSchema } from './shared.js';

export async function up(db: Kysely<unknown>): Promise<void> {
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
}
