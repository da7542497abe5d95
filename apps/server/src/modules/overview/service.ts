import {
  OVERVIEW_DAYS,
  OVERVIEW_LIST_LIMIT,
  type Overview,
  RUNNING_LOW_MIN_ORDERS,
  type StockPartList,
} from '@shop/contract/overview';
import type { Database } from '../../db/database.js';
import { formatInvoiceNumber } from '../orders/index.js';
import * as overview from './repository.js';

const DAY_MS = 86_400_000;

/** The last `count` days in UTC as `YYYY-MM-DD`, oldest first, the day of `now` last. */
export function lastDays(now: Date, count: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: count }, (_, i) =>
    new Date(today - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

function toList(list: Awaited<ReturnType<typeof overview.partsRunningLow>>): StockPartList {
  return {
    total: list.total,
    parts: list.rows.map((row) => ({
      _id: row.id,
      name: row.name,
      available_quantity: Number(row.available_quantity),
      min_order_quantity: Number(row.min_order_quantity),
    })),
  };
}

/**
 * The admins' dashboard home: orders and revenue per day, unpaid orders, quotes waiting for an
 * offer, orders waiting to ship, and the parts short of stock.
 */
export async function shopOverview(db: Database, now = new Date()): Promise<Overview> {
  const days = lastDays(now, OVERVIEW_DAYS);
  // Timestamps are ISO 8601 UTC text: a bare date sorts before every moment of that day.
  const since = days[0] as string;
  const [
    placed,
    payments,
    cannotBeOrdered,
    runningLow,
    quotesRequested,
    toShip,
    overdue,
    backorders,
    refunds,
  ] = await Promise.all([
    overview.ordersPerDay(db, since),
    overview.paymentsPerDay(db, since),
    overview.partsThatCannotBeOrdered(db, OVERVIEW_LIST_LIMIT),
    overview.partsRunningLow(db, RUNNING_LOW_MIN_ORDERS, OVERVIEW_LIST_LIMIT),
    overview.quotesRequested(db),
    overview.ordersToShip(db),
    overview.overdueInvoices(db, now.toISOString(), OVERVIEW_LIST_LIMIT),
    overview.backorders(db, OVERVIEW_LIST_LIMIT),
    overview.refundsDue(db),
  ]);
  const ordersOn = new Map(placed.map((row) => [row.day, Number(row.orders)]));
  // PostgreSQL sums bigints as numeric, which arrives as text: whole dollars either way.
  const revenueOn = new Map(payments.map((row) => [row.day, Number(row.dollars ?? 0)]));
  const unpaid = payments.find((row) => row.day === null);
  return {
    days: days.map((date) => ({
      date,
      orders: ordersOn.get(date) ?? 0,
      revenue: revenueOn.get(date) ?? 0,
    })),
    unpaid: { count: Number(unpaid?.orders ?? 0), value: Number(unpaid?.dollars ?? 0) },
    quotesRequested,
    toShip: { count: toShip.count, ...(toShip.oldestSince ? { oldestSince: toShip.oldestSince } : {}) },
    cannotBeOrdered: toList(cannotBeOrdered),
    runningLow: toList(runningLow),
    overdueInvoices: {
      count: overdue.count,
      value: overdue.value,
      orders: overdue.rows.map((row) => ({
        _id: row.id,
        ...(row.invoice_number === null
          ? {}
          : { invoiceNumber: formatInvoiceNumber(Number(row.invoice_number)) }),
        ...(row.company_name === null ? {} : { companyName: row.company_name }),
        userName: row.user_name,
        price: Number(row.price),
        dueDate: row.due_date ?? '',
      })),
    },
    backorders,
    refundsDue: refunds,
  };
}
