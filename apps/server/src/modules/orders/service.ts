import {
  ORDER_EXPIRED_MESSAGE,
  type Order,
  OUT_OF_RANGE_MESSAGE,
  type PurchaseBody,
  tooManyUnpaidMessage,
} from '@shop/contract/orders';
import { AMOUNT_LIMIT_CENTS } from '@shop/contract/payments';
import type { FastifyBaseLogger } from 'fastify';
import { newId, nowIso } from '../../clock.js';
import type { UnpaidOrderHours } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { OrderRow } from '../../db/schema.js';
import { type WriteTransactions, writeTransactions } from '../../db/write-transactions.js';
import { AppError, conflict, notFound } from '../../http/app-error.js';
import { type Caller, requireSelfOrAdmin } from '../../http/auth-guard.js';
import { toCsv } from '../../http/csv.js';
import { recordAudit } from '../audit/repository.js';
import { formatInvoiceNumber } from '../invoices/number.js';
import type { MailOutbox } from '../mail/outbox.js';
import { findPart } from '../parts/repository.js';
import * as orders from './repository.js';

/** An order as the API answers it; `invoice_number` comes with the lists and single reads. */
export function toOrder(row: OrderRow & { invoice_number?: number | null }): Order {
  return {
    _id: row.id,
    userName: row.user_name,
    email: row.email,
    partsId: row.part_id,
    partsName: row.part_name,
    price: Number(row.price),
    quantity: Number(row.quantity),
    mobile: row.mobile,
    address: row.address,
    ...(row.payment_id ? { paymentId: row.payment_id } : {}),
    ...(row.invoice_number ? { invoiceNumber: formatInvoiceNumber(row.invoice_number) } : {}),
    createdAt: row.created_at,
    ...(row.expired_at ? { expiredAt: row.expired_at } : {}),
  };
}

export const orderExpired = () => new AppError('order_expired', ORDER_EXPIRED_MESSAGE);

const outOfRange = () => new AppError('quantity_out_of_range', OUT_OF_RANGE_MESSAGE);

/**
 * How a purchase's transaction runs: the database's way for writes that arrive together
 * (db/write-transactions.ts), one runner for all the purchases on a database.
 */
const runners = new WeakMap<Database, WriteTransactions>();
function writeTogether(db: Database): WriteTransactions {
  let runner = runners.get(db);
  if (!runner) {
    runner = writeTransactions(db);
    runners.set(db, runner);
  }
  return runner;
}

/**
 * An order, priced from the database and reserved from stock in the same transaction: the order
 * exists exactly when its pieces were taken. One statement takes the pieces and reads the name and
 * price (buyers racing for the same pieces can never take more than there are); only when it takes
 * nothing is the part read, to tell a missing part (404) from a quantity out of range (422).
 */
export async function purchase(deps: OrderDeps, buyer: Caller, body: PurchaseBody): Promise<string> {
  const { db, mail } = deps;
  const id = newId();
  await writeTogether(db)(async (trx) => {
    // The cap on unpaid orders is decided here, one purchase of this buyer at a time.
    if (deps.unpaidPerBuyer !== undefined) {
      await orders.lockBuyer(trx, buyer.id);
      const open = await orders.countOpenOrders(trx, buyer.id);
      if (open >= deps.unpaidPerBuyer)
        throw new AppError('too_many_unpaid_orders', tooManyUnpaidMessage(open));
    }
    const part = await orders.takeStock(trx, body.partsId, body.quantity);
    if (!part) throw (await findPart(trx, body.partsId)) ? outOfRange() : notFound('part');
    await orders.insertOrder(trx, {
      id,
      user_id: buyer.id,
      user_name: buyer.name,
      email: buyer.email,
      part_id: part.id,
      part_name: part.name,
      unit_price: part.price_per_piece,
      quantity: body.quantity,
      price: body.quantity * part.price_per_piece,
      mobile: body.mobile,
      address: body.address,
      payment_id: null,
      payment_intent_id: null,
      created_at: nowIso(),
      paid_at: null,
    });
    await mail?.queue(trx, { kind: 'order_placed', orderId: id, recipient: buyer.email }, nowIso());
  });
  mail?.kick();
  return id;
}

/** The order, if the caller may see it (its buyer, or an admin). */
export async function orderFor(db: Database, caller: Caller, id: string): Promise<OrderRow> {
  const row = await orders.findOrder(db, id);
  if (!row) throw notFound('order');
  requireSelfOrAdmin(caller, row.email);
  return row;
}

export interface OrderDeps {
  db: Database;
  /** Mail to buyers, when the shop sends any. */
  mail?: MailOutbox | undefined;
  /** Runs before an unpaid order is removed (its payment intents are cancelled at the provider). */
  beforeCancel?: (orderId: string) => Promise<void>;
  /** How many unpaid orders one buyer may hold at once (no cap when unset). */
  unpaidPerBuyer?: number;
}

/**
 * Cancels (deletes) an unpaid order and returns its pieces to stock, in one transaction: a paid
 * order stays (409), and an order deleted twice returns its pieces once (the second is a 404).
 */
export async function cancelOrder(deps: OrderDeps, caller: Caller, id: string): Promise<void> {
  const row = await orderFor(deps.db, caller, id);
  if (row.paid_at) throw conflict('A paid order cannot be cancelled');
  if (row.expired_at) throw orderExpired();
  // An admin deleting someone's order is an admin action: it goes into the audit log.
  await removeUnpaidOrder(deps, id, caller.role === 'admin' ? { actor: caller } : undefined);
}

async function removeUnpaidOrder(
  deps: OrderDeps,
  id: string,
  audit?: { actor: { id: string; email: string } | null },
): Promise<OrderRow> {
  await deps.beforeCancel?.(id);
  const lost = new Error('the order was paid or cancelled meanwhile');
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const deleted = await orders.deleteUnpaidOrder(trx, id);
      // Nothing to cancel: roll back, so a paid order keeps its payment intents.
      if (!deleted) throw lost;
      await orders.returnStock(trx, deleted.part_id, Number(deleted.quantity));
      if (audit) {
        await recordAudit(trx, {
          actor: audit.actor,
          action: 'order.deleted',
          subjectId: id,
          before: toOrder(deleted),
        });
      }
      return deleted;
    });
  } catch (error) {
    if (error !== lost) throw error;
    const now = await orders.findOrder(deps.db, id);
    if (!now) throw notFound('order');
    throw now.expired_at && !now.paid_at ? orderExpired() : conflict('A paid order cannot be cancelled');
  }
}

/**
 * Unpaid orders whose time ran out give their pieces back and show as expired to their buyer
 * (UNPAID_ORDER_HOURS_*): after `hours.unverified` for a buyer whose email is not verified,
 * `hours.verified` for one whose email is, and `hours.aboveCardLimit` for an amount no card can
 * pay, whoever the buyer; at most that long, when `earlyMs` is the interval between runs. Several
 * servers may run this at once: the conditional update lets exactly one of them release each order.
 */
export async function releaseStaleOrders(
  deps: OrderDeps,
  hours: UnpaidOrderHours,
  log: FastifyBaseLogger,
  /** How long before its time an order may go: the schedule's interval, so none outlasts its hours. */
  earlyMs = 0,
): Promise<number> {
  const before = (h: number) => new Date(Date.now() - h * 3_600_000 + earlyMs).toISOString();
  const due = await orders.ordersDueForRelease(deps.db, {
    unverified: before(hours.unverified),
    verified: before(hours.verified),
    aboveCardLimit: before(hours.aboveCardLimit),
    cardLimitCents: AMOUNT_LIMIT_CENTS,
  });
  let released = 0;
  for (const stale of due) {
    try {
      const gone = await expireOrder(deps, stale.id);
      if (!gone) continue;
      released += 1;
      log.info(
        {
          orderId: gone.id,
          partId: gone.part_id,
          quantity: Number(gone.quantity),
          createdAt: gone.created_at,
        },
        'unpaid order released: its pieces are back in stock',
      );
    } catch (error) {
      // Paid in the meantime (its payment had gone through at the provider).
      if (!(error instanceof AppError))
        log.warn({ err: error, orderId: stale.id }, 'unpaid order not released');
    }
  }
  return released;
}

/**
 * Marks the order expired and returns its pieces to stock, in one transaction, once its payment
 * intents are cancelled at the provider; answers nothing if it was paid or released meanwhile.
 */
async function expireOrder(deps: OrderDeps, id: string): Promise<OrderRow | undefined> {
  await deps.beforeCancel?.(id);
  return deps.db.transaction().execute(async (trx) => {
    const expired = await orders.expireUnpaidOrder(trx, id, nowIso());
    if (!expired) return undefined;
    await orders.returnStock(trx, expired.part_id, Number(expired.quantity));
    await recordAudit(trx, {
      actor: null,
      action: 'order.expired',
      subjectId: id,
      before: toOrder({ ...expired, expired_at: null }),
      after: { expiredAt: expired.expired_at },
    });
    return expired;
  });
}

export async function listOrders(
  db: Database,
  filter: orders.OrderFilter & { limit: number; offset: number },
) {
  const { rows, total } = await orders.listOrders(db, filter);
  return { orders: rows.map(toOrder), total };
}

/** At most this many orders go into one export. */
export const EXPORT_LIMIT = 50_000;

/** The filtered orders as CSV, for a spreadsheet. */
export async function ordersCsv(db: Database, filter: orders.OrderFilter): Promise<string> {
  const rows = await orders.exportOrders(db, filter, EXPORT_LIMIT);
  return toCsv(
    [
      'order',
      'placed',
      'buyer',
      'email',
      'mobile',
      'address',
      'part',
      'quantity',
      'unit price',
      'price',
      'state',
      'payment',
      'paid',
    ],
    rows.map((o) => [
      o.id,
      o.created_at,
      o.user_name,
      o.email,
      o.mobile,
      o.address,
      o.part_name,
      Number(o.quantity),
      Number(o.unit_price),
      Number(o.price),
      o.paid_at ? 'paid' : o.expired_at ? 'expired' : 'unpaid',
      o.payment_id,
      o.paid_at,
    ]),
  );
}
