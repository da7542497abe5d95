import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // An approved order's unpaid-order clock starts when a company admin approves it, not when
  // it was placed (it could not be paid while it waited).
  await db.schema.alterTable('orders').addColumn('approved_at', 'text').execute();
}
