import { z } from 'zod';
import { Id } from './primitives.js';

/** How many days the overview covers, today (UTC) included. */
export const OVERVIEW_DAYS = 30;
/** A part runs low while fewer than this many minimum orders are left of it. */
export const RUNNING_LOW_MIN_ORDERS = 3;
/** At most this many parts in each of the overview's lists (the total says how many there are). */
export const OVERVIEW_LIST_LIMIT = 50;

const count = z.number().int().nonnegative();

export const OverviewDay = z.object({
  date: z.string().describe('the day in UTC, YYYY-MM-DD'),
  orders: count.describe('orders placed that day and not cancelled'),
  revenue: count.describe('whole dollars of the orders paid that day'),
});
export type OverviewDay = z.infer<typeof OverviewDay>;

export const StockPart = z.object({
  _id: Id,
  name: z.string(),
  available_quantity: count,
  min_order_quantity: count,
});
export type StockPart = z.infer<typeof StockPart>;

export const StockPartList = z.object({
  total: count.describe('how many parts there are in all'),
  parts: z.array(StockPart).describe(`the lowest first, at most ${OVERVIEW_LIST_LIMIT}`),
});
export type StockPartList = z.infer<typeof StockPartList>;

export const OverdueInvoice = z.object({
  _id: Id,
  invoiceNumber: z.string().optional().describe('e.g. INV-000042'),
  companyName: z.string().optional(),
  userName: z.string(),
  price: count.describe('whole dollars'),
  dueDate: z.string().describe('ISO 8601'),
});
export type OverdueInvoice = z.infer<typeof OverdueInvoice>;

/** A part orders wait for, against what is on its way. */
export const BackorderedPart = z.object({
  _id: Id,
  name: z.string(),
  backordered: count.describe('pieces orders wait for'),
  incoming: count.describe('pieces in its incoming batches'),
  short: count.describe('waiting pieces no incoming batch covers (0: covered)'),
});
export type BackorderedPart = z.infer<typeof BackorderedPart>;

export const Overview = z.object({
  days: z.array(OverviewDay).describe(`the last ${OVERVIEW_DAYS} days in UTC, oldest first, today last`),
  unpaid: z.object({ count, value: count.describe('whole dollars') }),
  quotesRequested: count.describe("quotes waiting for the shop's offer (status requested)"),
  toShip: z
    .object({
      count,
      oldestSince: z
        .string()
        .optional()
        .describe(
          'when the longest-waiting of them was paid (or invoiced), ISO 8601; left out when none waits',
        ),
    })
    .describe('orders paid (or invoiced) and not shipped yet'),
  cannotBeOrdered: StockPartList.describe('parts with fewer pieces available than their minimum order'),
  runningLow: StockPartList.describe(
    `parts that can be ordered but have fewer than ${RUNNING_LOW_MIN_ORDERS} minimum orders left`,
  ),
  overdueInvoices: z
    .object({
      count,
      value: count.describe('whole dollars'),
      orders: z.array(OverdueInvoice).describe(`the oldest due first, at most ${OVERVIEW_LIST_LIMIT}`),
    })
    .describe('net-30 invoices unpaid past their due date'),
  backorders: z
    .object({
      total: count.describe('how many parts orders wait for'),
      uncovered: count.describe('how many of them their incoming batches will not cover'),
      parts: z
        .array(BackorderedPart)
        .describe(`the most short first, then the most waiting; at most ${OVERVIEW_LIST_LIMIT}`),
    })
    .describe('what is on backorder per part against what is incoming'),
  refundsDue: z
    .object({ count, value: count.describe('whole dollars') })
    .describe('refunds due for waiting pieces dropped from paid orders, not refunded yet'),
});
export type Overview = z.infer<typeof Overview>;
