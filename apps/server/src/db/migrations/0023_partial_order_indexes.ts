import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
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
}
