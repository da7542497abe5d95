import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One step on both databases (Kysely runs SQLite's migrations outside a transaction): a
  // failure leaves nothing half done, so the next start tries again.
  const run = async (trx: Kysely<unknown>) => {
    // A cancelled order stays, marked when it was cancelled (its pieces went back to stock), and
    // its buyer can still read it; a cancel used to delete it. No order there is now was
    // cancelled (those are gone), so every one keeps null and nothing else changes.
    await trx.schema.alterTable('orders').addColumn('cancelled_at', 'text').execute();
    // A buyer's cancelled orders, listed apart (GET /api/purchaseByEmail?status=cancelled); the
    // lists of the rest keep using orders_email. Only cancelled rows are in it.
    await trx.schema
      .createIndex('orders_cancelled_by_email')
      .on('orders')
      .columns(['email', 'created_at'])
      .where(sql<boolean>`cancelled_at is not null`)
      .execute();
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}
