import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
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
}
