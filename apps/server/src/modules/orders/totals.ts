import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Membership } from '../companies/index.js';
import { serialiseUserWrites } from '../users/index.js';

/*
 * The running totals kept beside the orders (migration 0028): per buyer, the orders that hold
 * pieces unpaid and their value; per company member, the spending of each month. A buyer's
 * standing is read from them in one statement, however many orders they have.
 */

/** Where a buyer stands when they order: how many unpaid orders hold pieces, and their company. */
export interface BuyerStanding {
  /**
   * Orders of the buyer that hold pieces unpaid: unpaid and not expired, waiting for a card
   * payment or for their company's approval (which holds the pieces just the same); not those
   * invoiced on account (net 30).
   */
  open: number;
  /** What those orders hold together, in dollars. */
  openValue: number;
  /** Whether the buyer's email is verified. */
  verified: boolean;
  member: Membership | undefined;
}

/**
 * The buyer's standing, read in one statement (their running totals: as cheap for a buyer of
 * 10,000 orders as for a new one) after the buyer's row is locked until the transaction ends:
 * one buyer's orders decide the unpaid-order cap and the monthly limit one at a time (another
 * buyer's orders do not wait).
 */
export async function buyerStanding(db: Database, userId: string): Promise<BuyerStanding> {
  await serialiseUserWrites(db, userId);
  const row = await db
    .selectFrom('users')
    .leftJoin('company_members', 'company_members.user_id', 'users.id')
    .leftJoin('companies', 'companies.id', 'company_members.company_id')
    .leftJoin('buyer_totals', 'buyer_totals.user_id', 'users.id')
    .select([
      'buyer_totals.open_orders as open',
      'buyer_totals.open_value as open_value',
      'users.email_verified_at',
      'company_members.company_id',
      'company_members.role',
      'company_members.spending_limit',
      'companies.payment_terms',
      'companies.name as company_name',
      'companies.vat_id',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return {
    open: Number(row?.open ?? 0),
    openValue: Number(row?.open_value ?? 0),
    verified: Boolean(row?.email_verified_at),
    member:
      row?.company_id && row.role && row.payment_terms && row.company_name
        ? {
            company_id: row.company_id,
            role: row.role,
            spending_limit: row.spending_limit === null ? null : Number(row.spending_limit),
            payment_terms: row.payment_terms,
            company_name: row.company_name,
            vat_id: row.vat_id,
          }
        : undefined,
  };
}

/** The calendar month (UTC) of an ISO 8601 instant, as the monthly totals are kept by: `YYYY-MM`. */
export const monthOf = (iso: string) => iso.slice(0, 7);

/**
 * Whole dollars of the member's orders for their company placed in the calendar month of `at`
 * that count against their limit: every one not rejected, expired or cancelled, pending ones
 * included. One row of the running totals.
 */
export async function monthSpending(
  db: Database,
  member: { userId: string; companyId: string },
  at: string,
): Promise<number> {
  const row = await db
    .selectFrom('member_month_spending')
    .select('spent')
    .where('user_id', '=', member.userId)
    .where('company_id', '=', member.companyId)
    .where('month', '=', monthOf(at))
    .executeTakeFirst();
  return Number(row?.spent ?? 0);
}

/** What of an order the running totals are kept by (a row as read, or as it is inserted). */
export interface Tallied {
  user_id: string;
  company_id?: string | null | undefined;
  created_at: string;
  price: number | string;
  paid_at?: string | null | undefined;
  expired_at?: string | null | undefined;
  due_date?: string | null | undefined;
  approval?: string | null | undefined;
  cancelled_at?: string | null | undefined;
}

/**
 * Holds pieces unpaid, and counts against the buyer's unpaid-order cap: unpaid, not expired and
 * not cancelled, waiting for a card payment or for their company's approval; not invoiced on
 * account (net 30).
 */
const holdsUnpaid = (o: Tallied) =>
  o.paid_at == null && o.expired_at == null && o.cancelled_at == null && o.due_date == null;

/** A company order that counts against its member's monthly limit: not expired, rejected or cancelled. */
const spends = (o: Tallied) =>
  o.company_id != null && o.expired_at == null && o.cancelled_at == null && o.approval !== 'rejected';

function shareOf(order: Tallied | undefined) {
  const open = order !== undefined && holdsUnpaid(order);
  return {
    open: open ? 1 : 0,
    value: open ? Number(order.price) : 0,
    spent: order !== undefined && spends(order) ? Number(order.price) : 0,
  };
}

/**
 * Moves its buyer's running totals (the unpaid orders they hold and their value; a member's
 * spending of the order's month) by an order's change from `before` to `after` (undefined: not
 * there; both describe the same order). Every change to an order runs it in the change's
 * transaction, as its last write: the rows it updates are then held only until the commit, and
 * never while a transaction waits for parts' stock or the invoice counter (nothing waits in a
 * circle).
 */
export async function moveTotals(
  db: Database,
  before: Tallied | undefined,
  after: Tallied | undefined,
): Promise<void> {
  const order = after ?? before;
  if (!order) return;
  const [from, to] = [shareOf(before), shareOf(after)];
  const open = to.open - from.open;
  const value = to.value - from.value;
  const spent = to.spent - from.spent;
  if (open !== 0 || value !== 0) {
    await db
      .insertInto('buyer_totals')
      .values({ user_id: order.user_id, open_orders: open, open_value: value })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          open_orders: sql`buyer_totals.open_orders + excluded.open_orders`,
          open_value: sql`buyer_totals.open_value + excluded.open_value`,
        }),
      )
      .execute();
  }
  if (spent !== 0 && order.company_id) {
    await db
      .insertInto('member_month_spending')
      .values({
        user_id: order.user_id,
        company_id: order.company_id,
        month: monthOf(order.created_at),
        spent,
      })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'company_id', 'month'])
          .doUpdateSet({ spent: sql`member_month_spending.spent + excluded.spent` }),
      )
      .execute();
  }
}
