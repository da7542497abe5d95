import type { OrderState } from '@shop/contract/orders';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { pageWithTotal } from '../../db/paging.js';
import { lockRows } from '../../db/row-locks.js';
import type { DB, NewOrder, OrderLinesTable, OrderRow } from '../../db/schema.js';
import { containsPattern } from '../../db/text-search.js';
import type { Membership } from '../companies/index.js';
import { parseOrderNumber } from './invoice-numbers.js';

/** What an order line needs of its part, answered by the statement that took its pieces. */
export interface TakenPart {
  id: string;
  name: string;
  price_per_piece: number;
  price_breaks: string;
}

/**
 * Takes each line's pieces from its part's stock in one conditional update, so that buyers racing
 * for the same pieces can never take more than there are, and answers what the order needs of each
 * part whose pieces it took (its id as stored, its name, price and breaks) from the same statement.
 * A part that is missing or deleted, or whose line's quantity is below its minimum or above what is
 * left, is not in the answer (and loses nothing). Several lines' parts are locked first, in the
 * order of their ids, so that two orders sharing parts never wait on each other in a circle.
 * With `minimum: false` (an accepted quote's agreed quantities) only the stock is checked.
 */
export async function takeStock(
  db: Database,
  lines: readonly { partsId: string; quantity: number }[],
  options: { minimum: boolean } = { minimum: true },
): Promise<TakenPart[]> {
  if (lines.length > 1)
    await lockParts(
      db,
      lines.map((line) => line.partsId),
    );
  // The lines as a table of their own (the first row names and types the columns).
  const wanted = sql.join(
    lines.map((line, i) =>
      i === 0
        ? sql`select cast(${line.partsId} as text) as id, cast(${line.quantity} as bigint) as quantity`
        : sql`select ${line.partsId}, ${line.quantity}`,
    ),
    sql` union all `,
  );
  let update = db
    .updateTable('parts')
    .from(sql<{ id: string; quantity: number }>`(${wanted})`.as('wanted'))
    .set({ available_quantity: sql`parts.available_quantity - wanted.quantity` })
    .whereRef('parts.id', '=', 'wanted.id')
    .where('parts.deleted_at', 'is', null)
    .whereRef('parts.available_quantity', '>=', 'wanted.quantity');
  if (options.minimum) update = update.whereRef('parts.min_order_quantity', '<=', 'wanted.quantity');
  return update
    .returning(['parts.id', 'parts.name', 'parts.price_per_piece', 'parts.price_breaks'])
    .execute();
}

/** Locks the parts' rows until the transaction ends, in the order of their ids. */
function lockParts(db: Database, ids: readonly string[]): Promise<void> {
  return lockRows(db, db.selectFrom('parts').select('id').where('id', 'in', ids).orderBy('id'));
}

/**
 * The lines in the order of their parts' ids: every statement that changes several parts' stock
 * in one transaction goes through the parts in this order, so that two of them (an order placed,
 * another cancelled, expired or paid late) never wait on each other in a circle.
 */
export function inPartOrder<T extends { part_id: string }>(lines: readonly T[]): T[] {
  return [...lines].sort((a, b) => (a.part_id < b.part_id ? -1 : a.part_id > b.part_id ? 1 : 0));
}

/** Gives every line's pieces back to its part's stock. */
export async function returnLines(
  db: Database,
  lines: readonly { part_id: string; quantity: number | string }[],
): Promise<void> {
  for (const line of inPartOrder(lines)) {
    await db
      .updateTable('parts')
      .set({ available_quantity: sql`available_quantity + ${Number(line.quantity)}` })
      .where('id', '=', line.part_id)
      .execute();
  }
}

export type OrderLineRow = OrderLinesTable;

/** The order and its lines (the order's part columns repeat its line 0). */
export async function insertOrder(db: Database, order: NewOrder, lines: OrderLineRow[]): Promise<void> {
  await db.insertInto('orders').values(order).execute();
  await db.insertInto('order_lines').values(lines).execute();
}

/** The lines of these orders, each order's in their order. */
export function linesOf(db: Database, orderIds: readonly string[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('line_no')
    .execute();
}

/** A paid order's invoice number, read with the order (null while it is unpaid). */
const invoiceNumber = (eb: ExpressionBuilder<DB, 'orders'>) =>
  eb
    .selectFrom('invoices')
    .select('invoices.number')
    .whereRef('invoices.order_id', '=', 'orders.id')
    .as('invoice_number');

export type OrderWithInvoice = OrderRow & { invoice_number: number | null };

export function findOrder(db: Database, id: string): Promise<OrderWithInvoice | undefined> {
  return db.selectFrom('orders').selectAll().select(invoiceNumber).where('id', '=', id).executeTakeFirst();
}

/**
 * Removes the order (its lines and payment intents with it) only while it is unpaid, not expired
 * and not shipped; answers what was removed, lines included, or nothing if it was paid, expired,
 * shipped or gone.
 * Run it in a transaction and roll back when it answers nothing.
 */
export async function deleteUnpaidOrder(
  db: Database,
  id: string,
): Promise<{ order: OrderRow; lines: OrderLineRow[] } | undefined> {
  await db.deleteFrom('payment_intents').where('order_id', '=', id).execute();
  const lines = await linesOf(db, [id]);
  const order = await db
    .deleteFrom('orders')
    .where('id', '=', id)
    // An invoiced (net-30) order keeps its number (the invoices' numbers have no gaps), and a
    // shipped one is on its way: neither is ever cancelled.
    .where(holdsPiecesUnpaid)
    .where('fulfilment_status', '=', 'unfulfilled')
    .returningAll()
    .executeTakeFirst();
  return order && { order, lines };
}

/**
 * Marks the order expired, only while it is unpaid and not expired yet (of two servers releasing
 * it, one changes it) and still as it was found due: waiting for approval (`pending`), or not
 * (an order approved meanwhile starts its unpaid time afresh, and is not released now). Answers
 * the order as it was, or nothing.
 */
export function expireUnpaidOrder(
  db: Database,
  id: string,
  at: string,
  pending: boolean,
): Promise<OrderRow | undefined> {
  return (
    db
      .updateTable('orders')
      .set({ expired_at: at })
      .where('id', '=', id)
      .where(holdsPiecesUnpaid)
      .where('fulfilment_status', '=', 'unfulfilled')
      // Not pending: card-payable (cardPayable's conditions).
      .where(pending ? approvalPending : awaitsNoApproval)
      .returningAll()
      .executeTakeFirst()
  );
}

/** Makes an expired, unpaid order open again (its payment arrived late); false if it was not so. */
export async function reopenExpiredOrder(db: Database, id: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ expired_at: null })
    .where('id', '=', id)
    .where('paid_at', 'is', null)
    .where('expired_at', 'is not', null)
    // A rejected order stays rejected, and one released while it waited for approval was never
    // approved: no payment for either is ever asked for.
    .where(awaitsNoApproval)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Takes the pieces of an expired order's lines back from stock, whatever the parts' minimums: all
 * of them if every listed part has them, else none (the lines taken so far are given back).
 */
export async function retakeLines(db: Database, orderId: string): Promise<boolean> {
  const lines = inPartOrder(await linesOf(db, [orderId]));
  for (const [index, line] of lines.entries()) {
    const result = await db
      .updateTable('parts')
      .set({ available_quantity: sql`available_quantity - ${Number(line.quantity)}` })
      .where('id', '=', line.part_id)
      .where('deleted_at', 'is', null)
      .where('available_quantity', '>=', Number(line.quantity))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      await returnLines(db, lines.slice(0, index));
      return false;
    }
  }
  return true;
}

export async function setExpired(db: Database, id: string, at: string): Promise<void> {
  await db.updateTable('orders').set({ expired_at: at }).where('id', '=', id).execute();
}

/**
 * Locks the buyer's row until the transaction ends, so that purchases by one buyer decide the
 * unpaid-order cap one at a time (another buyer's purchases do not wait).
 */
export function lockBuyer(db: Database, userId: string): Promise<void> {
  return lockRows(db, db.selectFrom('users').select('id').where('id', '=', userId));
}

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
  await lockBuyer(db, userId);
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

type Orders = ExpressionBuilder<DB, 'orders'>;

/*
 * The states of an order, each named once: every query that asks for one of them says it with
 * these predicates. (The running totals' `holdsUnpaid` below is the JavaScript twin of
 * `holdsPiecesUnpaid`, for a row already read.)
 */

/** Unpaid: neither paid nor expired (an expired order is neither paid nor unpaid: its pieces went back). */
export const unpaid = (eb: Orders) =>
  eb.and([eb('orders.paid_at', 'is', null), eb('orders.expired_at', 'is', null)]);

/**
 * Holds its pieces unpaid, and counts against its buyer's unpaid-order cap: unpaid and not invoiced
 * on account (net 30); waiting for a card payment or for its company's approval.
 */
export const holdsPiecesUnpaid = (eb: Orders) => eb.and([unpaid(eb), eb('orders.due_date', 'is', null)]);

/** An order that does not wait for a company admin's approval (none needed, or given). */
const awaitsNoApproval = (eb: Orders) =>
  // A literal, not a parameter: a partial index (migration 0023) serves only the queries whose
  // conditions spell out its own.
  eb.or([eb('orders.approval', 'is', null), eb('orders.approval', '=', sql.lit('approved'))]);

/** Card-payable: it holds its pieces unpaid and waits for no approval (nor was it refused). */
export const cardPayable = (eb: Orders) => eb.and([holdsPiecesUnpaid(eb), awaitsNoApproval(eb)]);

const approvalPending = (eb: Orders) => eb('orders.approval', '=', sql.lit('pending'));

/** Awaiting approval: it passes its buyer's limit and waits for a company admin, unpaid, not released. */
export const awaitingApproval = (eb: Orders) => eb.and([approvalPending(eb), unpaid(eb)]);

/** An invoice on account (net 30) not paid yet, and not released. */
export const invoicedUnpaid = (eb: Orders) => eb.and([eb('orders.due_date', 'is not', null), unpaid(eb)]);

/**
 * Shippable: paid, or invoiced on net-30 terms (its invoice has a due date), not expired.
 * (Net-30 orders: docs/api.md, Companies.)
 */
export const shippable = (eb: Orders) =>
  eb.and([
    eb.or([eb('orders.paid_at', 'is not', null), eb('orders.due_date', 'is not', null)]),
    eb('orders.expired_at', 'is', null),
  ]);

/** A shippable order that has not shipped yet: what Manage All Order's "to ship" lists. */
export const awaitingShipment = (eb: Orders) =>
  // A literal, as the partial index of orders to ship (migration 0023) spells it.
  eb.and([eb('orders.fulfilment_status', '=', sql.lit('unfulfilled')), shippable(eb)]);

/** The calendar month (UTC) of an ISO 8601 instant, as the monthly totals are kept by: `YYYY-MM`. */
export const monthOf = (iso: string) => iso.slice(0, 7);

/**
 * Whole dollars of the member's orders for their company placed in the calendar month of `at`
 * that count against their limit: every one not rejected and not expired (a cancelled order is
 * gone), pending ones included. One row of the running totals.
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
}

/**
 * Holds pieces unpaid, and counts against the buyer's unpaid-order cap: unpaid and not expired,
 * waiting for a card payment or for their company's approval; not invoiced on account (net 30).
 */
const holdsUnpaid = (o: Tallied) => o.paid_at == null && o.expired_at == null && o.due_date == null;

/** A company order that counts against its member's monthly limit: not expired, not rejected. */
const spends = (o: Tallied) => o.company_id != null && o.expired_at == null && o.approval !== 'rejected';

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

/**
 * Approves a pending order in one conditional update (of an approve and a reject at once, one
 * changes it), only by `approverId` as they are when it runs: an admin of the order's company who
 * is not the shop's admin, and not the order's buyer. A net-30 order is given its due date in the
 * same update. Answers the order as it is now, or nothing when it was not pending (or the approver
 * may not approve it).
 */
export function approvePending(
  db: Database,
  id: string,
  approverId: string,
  at: string,
  dueDate: string | null,
): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set({ approval: 'approved', approved_at: at, due_date: dueDate })
    .where('id', '=', id)
    .where(awaitingApproval)
    .where('user_id', '<>', approverId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('company_members')
          .innerJoin('users', 'users.id', 'company_members.user_id')
          .select('company_members.user_id')
          .whereRef('company_members.company_id', '=', 'orders.company_id')
          .where('company_members.user_id', '=', approverId)
          .where('company_members.role', '=', 'admin')
          .where('users.role', 'is', null),
      ),
    )
    .returningAll()
    .executeTakeFirst();
}

/**
 * Rejects a pending order in one conditional update: it is marked rejected and expired (its
 * pieces go back, it can be neither paid nor cancelled). Answers the order, or nothing when it
 * was not pending.
 */
export function rejectPending(db: Database, id: string, at: string): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set({ approval: 'rejected', expired_at: at })
    .where('id', '=', id)
    .where(awaitingApproval)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Records the bank payment of an invoiced net-30 order in one conditional update: only while it
 * is unpaid (of two settlements at once, one pays it). Answers the order, or nothing.
 */
export function settleInvoiced(
  db: Database,
  id: string,
  reference: string,
  at: string,
): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set({ paid_at: at, settlement_reference: reference })
    .where('id', '=', id)
    .where(invoicedUnpaid)
    .returningAll()
    .executeTakeFirst();
}

/** A page of a company's orders, newest first (only those waiting for approval, if asked), and the total. */
export function companyOrders(
  db: Database,
  filter: { companyId: string; approval?: 'pending' | undefined; limit: number; offset: number },
): Promise<{ rows: OrderWithInvoice[]; total: number }> {
  let query = db.selectFrom('orders').where('company_id', '=', filter.companyId);
  // Waiting means still decidable: an order released while it waited waits no longer.
  if (filter.approval === 'pending') query = query.where(awaitingApproval);
  return pageWithTotal(
    query.selectAll().select(invoiceNumber).orderBy('created_at', 'desc').orderBy('id', 'desc'),
    filter,
  );
}

/** Net-30 orders not paid by their due date (before `now`). */
export function overdue(db: Database, now: string) {
  return db.selectFrom('orders').where(invoicedUnpaid).where('orders.due_date', '<', now);
}

/** Overdue invoices whose buyer has not been told yet (no overdue mail queued), at most 500. */
export function overdueUnmailed(db: Database, now: string) {
  return overdue(db, now)
    .select(['orders.id as id', 'orders.email as email'])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('mail_outbox')
            .select('mail_outbox.id')
            .where('mail_outbox.kind', '=', 'invoice_overdue')
            .whereRef('mail_outbox.subject_id', '=', 'orders.id'),
        ),
      ),
    )
    .orderBy('orders.due_date')
    .limit(500)
    .execute();
}

/** Which orders a list or an export holds. */
export interface OrderFilter {
  /** Exactly this buyer's orders. */
  email?: string | undefined;
  /**
   * Unpaid means still payable: an expired order is neither paid nor unpaid. To ship: paid or
   * invoiced, and not shipped yet.
   */
  state?: OrderState | undefined;
  /** A literal piece of the buyer's email. */
  buyer?: string | undefined;
  /** A literal piece of the (current) name of a part on any of the order's lines. */
  part?: string | undefined;
  /** An order's number (SO-000123, 123), or else a literal piece of the buyer's email or name or of their company's name. */
  q?: string | undefined;
}

function filteredOrders(db: Database, filter: OrderFilter) {
  let query = db.selectFrom('orders');
  if (filter.email) query = query.where('email', '=', filter.email);
  if (filter.state === 'paid') query = query.where('paid_at', 'is not', null);
  if (filter.state === 'unpaid') query = query.where(unpaid);
  if (filter.state === 'expired') query = query.where('expired_at', 'is not', null);
  if (filter.state === 'to_ship') query = query.where(awaitingShipment);
  if (filter.buyer)
    query = query.where(sql<boolean>`email like ${containsPattern(filter.buyer)} escape '\\'`);
  const number = filter.q === undefined ? undefined : parseOrderNumber(filter.q);
  if (number !== undefined) query = query.where('number', '=', number);
  else if (filter.q) {
    const pattern = containsPattern(filter.q);
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(email) like ${pattern} escape '\\'`,
        sql<boolean>`lower(user_name) like ${pattern} escape '\\'`,
        eb(
          'company_id',
          'in',
          eb
            .selectFrom('companies')
            .select('companies.id')
            .where(sql<boolean>`lower(companies.name) like ${pattern} escape '\\'`),
        ),
      ]),
    );
  }
  if (filter.part) {
    const pattern = containsPattern(filter.part);
    query = query.where((eb) =>
      eb(
        'id',
        'in',
        eb
          .selectFrom('order_lines')
          .select('order_lines.order_id')
          .where((lines) =>
            lines(
              'order_lines.part_id',
              'in',
              lines
                .selectFrom('parts')
                .select('parts.id')
                .where(sql<boolean>`name_search like ${pattern} escape '\\'`),
            ),
          ),
      ),
    );
  }
  return query;
}

/**
 * Every line of the orders matching the filter, newest order first and each order's lines in
 * their order, for at most `max` orders (the CSV export). One query: the orders' ids are never
 * sent back as a list of parameters, however many there are.
 */
export function exportOrderLines(
  db: Database,
  filter: OrderFilter,
  max: number,
): Promise<
  (OrderRow & {
    line_no: number;
    line_part_name: string;
    line_quantity: number;
    line_unit_price: number;
    line_price: number;
  })[]
> {
  const chosen = filteredOrders(db, filter)
    .select('id')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(max);
  return db
    .selectFrom('orders')
    .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
    .selectAll('orders')
    .select([
      'order_lines.line_no as line_no',
      'order_lines.part_name as line_part_name',
      'order_lines.quantity as line_quantity',
      'order_lines.unit_price as line_unit_price',
      'order_lines.price as line_price',
    ])
    .where('orders.id', 'in', chosen)
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .orderBy('order_lines.line_no')
    .execute();
}

/** A page of orders, newest first (all of them, or one buyer's), and how many there are. */
export function listOrders(
  db: Database,
  filter: OrderFilter & { limit: number; offset: number },
): Promise<{ rows: OrderWithInvoice[]; total: number }> {
  return pageWithTotal(
    filteredOrders(db, filter)
      .selectAll()
      .select(invoiceNumber)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc'),
    filter,
  );
}

/** When an open order's time runs out: placed before these instants, by its buyer and its amount. */
export interface ReleaseCutoffs {
  unverified: string;
  verified: string;
  aboveCardLimit: string;
  /** Orders priced above this many cents can never be paid by card. */
  cardLimitCents: number;
}

/** When an order could first be paid: when it was placed, or when its company approved it. */
const payableSince = sql<string>`coalesce(orders.approved_at, orders.created_at)`;

/**
 * Open (unpaid, unexpired) orders whose time ran out, oldest first, at most 500; `pending` tells
 * those that waited for their company's approval (their time runs from when they were placed, by
 * their buyer's email alone: the card limit is for orders a card would pay).
 */
export async function ordersDueForRelease(
  db: Database,
  cutoffs: ReleaseCutoffs,
): Promise<{ id: string; pending: boolean }[]> {
  const rows = await db
    .selectFrom('orders')
    .leftJoin('users', 'users.id', 'orders.user_id')
    .select(['orders.id as id', 'orders.approval as approval'])
    // An invoiced (net-30) order is paid on account; a shipped order never expires. One waiting
    // for its company's approval holds its pieces for its buyer's hours too, never for ever.
    .where(holdsPiecesUnpaid)
    .where('orders.fulfilment_status', '=', 'unfulfilled')
    .where((eb) =>
      eb.or([
        eb.and([
          // Card-payable (cardPayable's conditions, the others above).
          awaitsNoApproval(eb),
          eb(sql<number>`orders.price * 100`, '>', cutoffs.cardLimitCents),
          eb(payableSince, '<', cutoffs.aboveCardLimit),
        ]),
        eb.and([eb('users.email_verified_at', 'is', null), eb(payableSince, '<', cutoffs.unverified)]),
        eb.and([eb('users.email_verified_at', 'is not', null), eb(payableSince, '<', cutoffs.verified)]),
      ]),
    )
    .orderBy('orders.created_at')
    .limit(500)
    .execute();
  return rows.map((row) => ({ id: row.id, pending: row.approval === 'pending' }));
}

/**
 * Orders waiting for their company's approval for half their time or more (placed before the
 * cutoff of their buyer's email), not released yet, whose admins have not been reminded (no
 * reminder queued for any of them); oldest first, at most 500.
 */
export function pendingDueForReminder(db: Database, cutoffs: { unverified: string; verified: string }) {
  return db
    .selectFrom('orders')
    .leftJoin('users', 'users.id', 'orders.user_id')
    .select(['orders.id as id', 'orders.company_id as company_id'])
    .where(awaitingApproval)
    .where('orders.company_id', 'is not', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('users.email_verified_at', 'is', null), eb('orders.created_at', '<', cutoffs.unverified)]),
        eb.and([
          eb('users.email_verified_at', 'is not', null),
          eb('orders.created_at', '<', cutoffs.verified),
        ]),
      ]),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('mail_outbox')
            .select('mail_outbox.id')
            .where('mail_outbox.kind', '=', 'approval_reminder')
            // An admin's copy's subject is `<order>/<admin>` (an order's id holds no % or _).
            .where(sql<boolean>`mail_outbox.subject_id like orders.id || '/%'`),
        ),
      ),
    )
    .orderBy('orders.created_at')
    .limit(500)
    .execute();
}
