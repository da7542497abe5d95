import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A purchase costs the same whatever the buyer's history: the unpaid-order caps and the
  // monthly limit read running totals, which every change to an order moves in its own
  // transaction (orders/totals.ts moveTotals), instead of counting the buyer's orders.
  await db.schema
    .createTable('buyer_totals')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('open_orders', 'bigint', (c) => c.notNull())
    .addColumn('open_value', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('member_month_spending')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('spent', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('member_month_spending_pk', ['user_id', 'company_id', 'month'])
    .execute();
  await fillOrderTotals(db);
  // The count's partial index (0025) served the cap alone.
  await db.schema.dropIndex('orders_unpaid_by_buyer').execute();
}

/**
 * The totals as the orders stand: each buyer's orders that hold pieces unpaid (unpaid, not
 * expired, not invoiced on account), and each member's company orders of a month that count
 * against their limit (not expired, not rejected). Into empty tables.
 */
export async function fillOrderTotals(db: Kysely<any>): Promise<void> {
  await sql`insert into buyer_totals (user_id, open_orders, open_value)
    select user_id, count(*), sum(price) from orders
    where paid_at is null and expired_at is null and due_date is null
    group by user_id`.execute(db);
  await sql`insert into member_month_spending (user_id, company_id, month, spent)
    select user_id, company_id, substr(created_at, 1, 7), sum(price) from orders
    where company_id is not null and expired_at is null and (approval is null or approval <> 'rejected')
    group by user_id, company_id, substr(created_at, 1, 7)`.execute(db);
}
