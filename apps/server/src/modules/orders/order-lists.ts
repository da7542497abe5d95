import type { OrderState } from '@shop/contract/orders';
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { pageWithTotal } from '../../db/paging.js';
import type { OrderRow } from '../../db/schema.js';
import { containsPattern } from '../../db/text-search.js';
import { parseOrderNumber } from './numbers.js';
import {
  awaitingApproval,
  awaitingPayment,
  awaitingShipment,
  cancelled,
  notCancelled,
  type OrderPredicate,
  readyToShip,
  shipped,
  unpaid,
} from './predicates.js';
import { type OrderWithInvoice, readWithOrder } from './repository.js';

/* Pages of orders and the CSV export's lines: the admins', a buyer's and a company's lists. */

/**
 * A page of a company's orders, newest first (only those waiting for approval, if asked; the
 * cancelled ones instead of the others, if asked), and the total.
 */
export function pageOfCompanyOrders(
  db: Database,
  filter: CompanyOrderFilter & { limit: number; offset: number },
): Promise<{ rows: OrderWithInvoice[]; total: number }> {
  let query = db
    .selectFrom('orders')
    .where('company_id', '=', filter.companyId)
    .where(filter.status === 'cancelled' ? cancelled : notCancelled);
  // Waiting means still decidable: an order released while it waited waits no longer.
  if (filter.approval === 'pending') query = query.where(awaitingApproval);
  return pageWithTotal(
    query.selectAll().select(readWithOrder).orderBy('created_at', 'desc').orderBy('id', 'desc'),
    filter,
  );
}

/** Which of a company's orders its list holds. */
export interface CompanyOrderFilter {
  companyId: string;
  approval?: 'pending' | undefined;
  /** The cancelled orders alone; left out, every order not cancelled. */
  status?: 'cancelled' | undefined;
}

/** Which orders a list or an export holds. */
export interface OrderFilter {
  /** The cancelled orders alone; left out, every order not cancelled. */
  status?: 'cancelled' | undefined;
  /** Exactly this buyer's orders. */
  email?: string | undefined;
  /** One of STATE_FILTERS. */
  state?: OrderState | undefined;
  /** A literal piece of the buyer's email. */
  buyer?: string | undefined;
  /** A literal piece of the (current) name of a part on any of the order's lines. */
  part?: string | undefined;
  /** An order's number (SO-000123, 123), or else a literal piece of the buyer's email or name or of their company's name. */
  q?: string | undefined;
}

/**
 * The orders each state of Manage All Order's filter holds (predicates.ts). Unpaid means still
 * payable: an expired order is neither paid nor unpaid.
 */
const STATE_FILTERS: Record<OrderState, OrderPredicate> = {
  to_pay: awaitingPayment,
  to_approve: awaitingApproval,
  to_ship: awaitingShipment,
  ready_to_ship: readyToShip,
  shipped,
  paid: (eb) => eb('orders.paid_at', 'is not', null),
  unpaid,
  expired: (eb) => eb('orders.expired_at', 'is not', null),
};

function filteredOrders(db: Database, filter: OrderFilter) {
  let query = db.selectFrom('orders').where(filter.status === 'cancelled' ? cancelled : notCancelled);
  if (filter.email) query = query.where('email', '=', filter.email);
  if (filter.state) query = query.where(STATE_FILTERS[filter.state]);
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
    line_customer_part_number: string | null;
    line_quantity: number;
    line_unit_price: number;
    line_price: number;
    line_reference: string | null;
    line_allocated: number;
    line_backordered: number;
    line_shipped: number;
    line_dropped: number;
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
      'order_lines.customer_part_number as line_customer_part_number',
      'order_lines.quantity as line_quantity',
      'order_lines.unit_price as line_unit_price',
      'order_lines.price as line_price',
      'order_lines.reference as line_reference',
      'order_lines.allocated as line_allocated',
      'order_lines.backordered as line_backordered',
      'order_lines.shipped as line_shipped',
      'order_lines.dropped as line_dropped',
    ])
    .where('orders.id', 'in', chosen)
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .orderBy('order_lines.line_no')
    .execute();
}

/** A page of orders, newest first (all of them, or one buyer's), and how many there are. */
export function pageOfOrders(
  db: Database,
  filter: OrderFilter & { limit: number; offset: number },
): Promise<{ rows: OrderWithInvoice[]; total: number }> {
  return pageWithTotal(
    filteredOrders(db, filter)
      .selectAll()
      .select(readWithOrder)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc'),
    filter,
  );
}
