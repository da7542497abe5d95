import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/**
 * Rebuilds the running totals (orders/totals.ts moveTotals) from the orders as they stand:
 * for a test that changed orders behind the shop's back (marked one paid, moved it to last month).
 */
export function recountOrderTotals(db: Database): Promise<void> {
  return db.transaction().execute(refill);
}

async function refill(trx: Database): Promise<void> {
  await trx.deleteFrom('buyer_totals').execute();
  await trx.deleteFrom('member_month_spending').execute();
  await fillOrderTotals(trx);
}

/**
 * The totals as the orders stand, counted as migration 0028 first filled them, and leaving out the
 * cancelled orders (migration 0030), which hold nothing and spend nothing: each buyer's orders
 * that hold pieces unpaid, and each member's company orders of a month that count against
 * their limit.
 */
async function fillOrderTotals(db: Database): Promise<void> {
  await sql`insert into buyer_totals (user_id, open_orders, open_value)
    select user_id, count(*), sum(price) from orders
    where paid_at is null and expired_at is null and cancelled_at is null and due_date is null
    group by user_id`.execute(db);
  await sql`insert into member_month_spending (user_id, company_id, month, spent)
    select user_id, company_id, substr(created_at, 1, 7), sum(price) from orders
    where company_id is not null and expired_at is null and cancelled_at is null
      and (approval is null or approval <> 'rejected')
    group by user_id, company_id, substr(created_at, 1, 7)`.execute(db);
}

/** The running totals as kept (rows that hold something), in a fixed order, as numbers. */
async function totalsOf(db: Database) {
  const buyers = await db
    .selectFrom('buyer_totals')
    .selectAll()
    .where((eb) => eb.or([eb('open_orders', '<>', 0), eb('open_value', '<>', 0)]))
    .orderBy('user_id')
    .execute();
  const months = await db
    .selectFrom('member_month_spending')
    .selectAll()
    .where('spent', '<>', 0)
    .orderBy('user_id')
    .orderBy('company_id')
    .orderBy('month')
    .execute();
  return {
    buyers: buyers.map((b) => ({
      ...b,
      open_orders: Number(b.open_orders),
      open_value: Number(b.open_value),
    })),
    months: months.map((m) => ({ ...m, spent: Number(m.spent) })),
  };
}

/** The running totals as kept, and as counted afresh from the orders (nothing is changed). */
export async function keptAndRecounted(db: Database) {
  const kept = await totalsOf(db);
  const rollBack = new Error('roll back');
  let recounted: typeof kept | undefined;
  try {
    await db.transaction().execute(async (trx) => {
      await refill(trx);
      recounted = await totalsOf(trx);
      throw rollBack;
    });
  } catch (error) {
    if (error !== rollBack) throw error;
  }
  return { kept, recounted };
}
