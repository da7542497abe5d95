import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The Overview reads the unpaid orders and the payments of the last 30 days by paid_at.
  await db.schema.createIndex('orders_paid_at').on('orders').column('paid_at').execute();
}
