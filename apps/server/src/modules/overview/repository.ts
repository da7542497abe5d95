import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { awaitingShipment, notCancelled, overdue, unpaid } from '../orders/index.js';

/** `YYYY-MM-DD` of an ISO 8601 UTC timestamp column: the same text in both dialects. */
const dayOf = <Column extends 'created_at' | 'paid_at'>(column: Column) =>
  sql<Column extends 'paid_at' ? string | null : string>`substr(${sql.ref(column)}, 1, 10)`;

/**
 * Orders placed on each day from `since` on and not cancelled (the created_at index bounds the
 * scan): a cancelled order counts as it did when a cancel deleted it.
 */
export function ordersPerDay(db: Database, since: string) {
  return db
    .selectFrom('orders')
    .select((eb) => [dayOf('created_at').as('day'), eb.fn.countAll<number>().as('orders')])
    .where('created_at', '>=', since)
    .where(notCancelled)
    .groupBy(dayOf('created_at'))
    .execute();
}

/**
 * Dollars paid on each day from `since` on, and, in the same pass, the unpaid (not expired)
 * orders: they are the group whose day is null.
 */
export function paymentsPerDay(db: Database, since: string) {
  return (
    db
      .selectFrom('orders')
      .select((eb) => [
        dayOf('paid_at').as('day'),
        eb.fn.countAll<number>().as('orders'),
        eb.fn.sum<number | string>('price').as('dollars'),
      ])
      // Expired and cancelled orders are neither paid nor unpaid: their pieces went back to stock.
      .where((eb) => eb.or([unpaid(eb), eb('paid_at', '>=', since)]))
      .groupBy(dayOf('paid_at'))
      .execute()
  );
}

type StockFilter = (eb: ExpressionBuilder<DB, 'parts'>) => Expression<SqlBool>;

/** Parts of the catalog that match, fewest pieces first, at most `limit`, and how many match in all. */
async function stockList(db: Database, filter: StockFilter, limit: number) {
  const rows = await db
    .selectFrom('parts')
    .select((eb) => [
      'id',
      'name',
      'available_quantity',
      'min_order_quantity',
      // Counted before the limit applies: the list and its total in one query.
      eb.fn.countAll<number>().over().as('total'),
    ])
    .where('deleted_at', 'is', null)
    .where(filter)
    .orderBy('available_quantity')
    .orderBy('name')
    .orderBy('id')
    .limit(limit)
    .execute();
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

/** Parts nobody can order: fewer pieces available than the minimum order. */
export function partsThatCannotBeOrdered(db: Database, limit: number) {
  return stockList(db, (eb) => eb('available_quantity', '<', eb.ref('min_order_quantity')), limit);
}

/** Parts that can be ordered, but fewer than `minOrders` minimum orders are left of them. */
export function partsRunningLow(db: Database, minOrders: number, limit: number) {
  return stockList(
    db,
    (eb) =>
      eb.and([
        eb('available_quantity', '>=', eb.ref('min_order_quantity')),
        eb('available_quantity', '<', sql<number>`${minOrders} * min_order_quantity`),
      ]),
    limit,
  );
}

/**
 * How many orders wait to be shipped (paid or invoiced, not shipped), and since when the oldest has
 * waited: the moment it was paid, or else invoiced.
 */
export async function ordersToShip(db: Database): Promise<{ count: number; oldestSince: string | null }> {
  const row = await db
    .selectFrom('orders')
    .leftJoin('invoices', 'invoices.order_id', 'orders.id')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn
        .min<string | null>(sql`coalesce(orders.paid_at, invoices.issued_at, orders.created_at)`)
        .as('oldest'),
    ])
    .where(awaitingShipment)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldestSince: row.oldest ?? null };
}

/** How many quotes wait for the shop's offer (the quotes_status index answers it). */
export async function quotesRequested(db: Database): Promise<number> {
  const row = await db
    .selectFrom('quotes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'requested')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The overdue invoices: how many, their dollars, and the oldest due `limit` of them. */
export async function overdueInvoices(db: Database, now: string, limit: number) {
  const [rows, totals] = await Promise.all([
    overdue(db, now)
      .leftJoin('companies', 'companies.id', 'orders.company_id')
      .leftJoin('invoices', 'invoices.order_id', 'orders.id')
      .select([
        'orders.id as id',
        'orders.user_name as user_name',
        'orders.price as price',
        'orders.due_date as due_date',
        'companies.name as company_name',
        'invoices.number as invoice_number',
      ])
      .orderBy('orders.due_date')
      .orderBy('orders.id')
      .limit(limit)
      .execute(),
    overdue(db, now)
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number | string | null>('orders.price').as('dollars'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(totals.n), value: Number(totals.dollars ?? 0) };
}

/**
 * The parts orders wait for, against their incoming batches: the `limit` most short first (waiting
 * pieces no batch covers), then the most waiting; how many parts wait in all, and how many of
 * them the batches will not cover. Reads the waiting lines' partial index (migration 0036).
 */
export async function backorders(db: Database, limit: number) {
  const rows = await sql<{ id: string; name: string; backordered: number; incoming: number; short: number }>`
    with waiting as (
      select part_id, sum(backordered) as backordered from order_lines
      where backordered > 0 group by part_id
    ), coming as (
      select part_id, sum(quantity) as incoming from part_incoming group by part_id
    ), rows as (
      select parts.id, parts.name, waiting.backordered, coalesce(coming.incoming, 0) as incoming,
        case when waiting.backordered > coalesce(coming.incoming, 0)
          then waiting.backordered - coalesce(coming.incoming, 0) else 0 end as short
      from waiting
      join parts on parts.id = waiting.part_id
      left join coming on coming.part_id = waiting.part_id
    )
    select rows.*, count(*) over () as total, sum(case when short > 0 then 1 else 0 end) over () as uncovered
    from rows order by short desc, backordered desc, id limit ${limit}`.execute(db);
  const first = rows.rows[0] as { total?: number; uncovered?: number } | undefined;
  return {
    total: Number(first?.total ?? 0),
    uncovered: Number(first?.uncovered ?? 0),
    parts: rows.rows.map((row) => ({
      _id: row.id,
      name: row.name,
      backordered: Number(row.backordered),
      incoming: Number(row.incoming),
      short: Number(row.short),
    })),
  };
}

/** The refunds due for waiting pieces dropped from paid orders, not refunded yet: how many, dollars. */
export async function refundsDue(db: Database): Promise<{ count: number; value: number }> {
  const row = await db
    .selectFrom('order_adjustments')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number | string | null>('amount').as('dollars'),
    ])
    .where('kind', '=', 'refund_due')
    .where('settled_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), value: Number(row.dollars ?? 0) };
}
