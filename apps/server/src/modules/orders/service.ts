import type { Shipment } from '@shop/contract/availability';
import type { RefusedLine } from '@shop/contract/errors';
import {
  type Fulfilment,
  type LineInput,
  ORDER_CANCELLED_MESSAGE,
  ORDER_EXPIRED_MESSAGE,
  type Order,
  type OrderBody,
  OUT_OF_RANGE_MESSAGE,
  type PurchaseBody,
  tooManyUnpaidMessage,
  unverifiedHoldMessage,
} from '@shop/contract/orders';
import { unitPriceFor } from '@shop/contract/parts';
import { AMOUNT_LIMIT_CENTS, AMOUNT_LIMIT_MESSAGE } from '@shop/contract/payments';
import type { FastifyBaseLogger } from 'fastify';
import { newId, nowIso } from '../../clock.js';
import type { UnpaidOrderHours } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { OrderRow } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../http/app-error.js';
import { type Caller, requireSelfOrAdmin } from '../../http/auth-guard.js';
import { toCsv } from '../../http/csv.js';
import { recordAudit } from '../audit/index.js';
import { companyContractPrices } from '../contract-prices/index.js';
import { customerNumbersOfBuyer } from '../customer-part-numbers/index.js';
import type { MailOutbox } from '../mail/index.js';
import { findPart, notMultipleRefusal, obsoleteRefusal, priceBreaksOf } from '../parts/index.js';
import { emitWebhookEvent, listenersOf } from '../webhooks/index.js';
import { askForApproval, companyTerms, dueDateFrom, invoiceOnAccount } from './company-terms.js';
import { ordersDueForRelease } from './due-orders.js';
import { formatInvoiceNumber, formatOrderNumber, nextOrderNumber } from './numbers.js';
import { extrasOf, type OrderExtras } from './order-extras.js';
import { exportOrderLines, type OrderFilter, pageOfOrders } from './order-lists.js';
import type { OrderLineRow } from './repository.js';
import * as orders from './repository.js';
import { returnLines, takeStock } from './stock.js';
import { buyerStanding, moveTotals } from './totals.js';

/**
 * Where the order's shipments are: its status, the latest shipment's carrier and tracking number,
 * when the first shipped and when the last was delivered, and each shipment.
 */
export function fulfilmentOf(row: OrderRow, shipments: Shipment[] = []): Fulfilment {
  return {
    status: row.fulfilment_status,
    ...(row.carrier ? { carrier: row.carrier } : {}),
    ...(row.tracking_number ? { trackingNumber: row.tracking_number } : {}),
    ...(row.shipped_at ? { shippedAt: row.shipped_at } : {}),
    ...(row.delivered_at ? { deliveredAt: row.delivered_at } : {}),
    shipments,
  };
}

/** What the lists and single reads add to an order's row (repository.ts, readWithOrder). */
type OrderAsRead = OrderRow & { invoice_number?: number | null; company_name?: string | null };

/** An order as the API answers it, with its lines (and what the lists and single reads add). */
export function toOrder(row: OrderAsRead, lines: OrderLineRow[], extras: OrderExtras = {}): Order {
  return {
    _id: row.id,
    userName: row.user_name,
    email: row.email,
    partsId: row.part_id,
    partsName: row.part_name,
    price: Number(row.price),
    quantity: Number(row.quantity),
    lines: lines.map((line) => ({
      partsId: line.part_id,
      partsName: line.part_name,
      quantity: Number(line.quantity),
      unitPrice: Number(line.unit_price),
      price: Number(line.price),
      ...(line.customer_part_number ? { customerPartNumber: line.customer_part_number } : {}),
      ...(line.reference ? { reference: line.reference } : {}),
      allocated: Number(line.allocated),
      backordered: Number(line.backordered),
      shipped: Number(line.shipped),
      dropped: Number(line.dropped),
      ...(extras.expected?.has(line.part_id) ? { expectedAt: extras.expected.get(line.part_id) } : {}),
    })),
    ...(row.po_number ? { poNumber: row.po_number } : {}),
    mobile: row.mobile,
    address: row.address,
    ...(row.payment_id
      ? { paymentId: row.payment_id }
      : // A net-30 invoice paid by bank transfer: its reference is the payment (as a card's id is).
        row.paid_at && row.settlement_reference
        ? { paymentId: row.settlement_reference }
        : {}),
    ...(row.paid_at ? { paidAt: row.paid_at } : {}),
    ...(row.invoice_number ? { invoiceNumber: formatInvoiceNumber(row.invoice_number) } : {}),
    number: formatOrderNumber(row.number),
    createdAt: row.created_at,
    ...(row.expired_at ? { expiredAt: row.expired_at } : {}),
    fulfilment: fulfilmentOf(row, extras.shipments),
    ...(row.company_id ? { companyId: row.company_id } : {}),
    ...(row.company_name ? { companyName: row.company_name } : {}),
    ...(row.approval ? { approval: row.approval } : {}),
    ...(row.due_date ? { dueDate: row.due_date } : {}),
    ...(row.cancelled_at ? { status: 'cancelled' as const, cancelledAt: row.cancelled_at } : {}),
    shipComplete: Number(row.ship_complete) === 1,
    ...(extras.adjustments ? { adjustments: extras.adjustments } : {}),
  };
}

/** Orders as the API answers them, their lines read in one query. */
export async function withLines(db: Database, rows: readonly OrderAsRead[]): Promise<Order[]> {
  const ids = rows.map((row) => row.id);
  const all = await orders.linesOf(db, ids);
  const extras = await extrasOf(db, ids, all);
  const lines = Map.groupBy(all, (line) => line.order_id);
  return rows.map((row) => toOrder(row, lines.get(row.id) ?? [], extras.get(row.id)));
}

export const orderExpired = () => new AppError('order_expired', ORDER_EXPIRED_MESSAGE);

/** What paying, cancelling, deciding or shipping a cancelled order answers. */
export const orderCancelled = () => conflict(ORDER_CANCELLED_MESSAGE);

/** SPEC's one-part purchase: an order of one line. */
export function purchase(deps: OrderDeps, buyer: Caller, body: PurchaseBody): Promise<string> {
  const { partsId, quantity, ...delivery } = body;
  return placeOrder(deps, buyer, { lines: [{ partsId, quantity }], ...delivery });
}

/**
 * Refused lines of an order: parts that are not in the catalog, or quantities outside their range
 * or off their order multiple; `wanted` are the order's lines as asked.
 */
class RefusedLines extends Error {
  constructor(
    readonly lines: RefusedLine[],
    readonly wanted: readonly LineInput[],
  ) {
    super('lines refused');
  }
}

/**
 * An order, priced from the database and reserved from stock in the same transaction: the order
 * exists exactly when every line's pieces were taken. One statement takes every line's pieces and
 * reads the parts' names and prices (buyers racing for the same pieces can never take more than
 * there are), the parts locked first in the order of their ids (orders/stock.ts takeStock),
 * so that orders overlapping on parts never wait on each other in a circle. When any line takes
 * nothing, the whole order is rolled back, and the parts are read to tell missing parts (404)
 * from quantities out of range (422), every refused line named in `error.details`.
 */
export async function placeOrder(deps: OrderDeps, buyer: Caller, body: OrderBody): Promise<string> {
  const id = newId();
  try {
    await deps.db.transaction().execute((trx) => writeOrder(trx, deps, buyer, id, body));
  } catch (error) {
    throw await orderRefusal(deps.db, error);
  }
  deps.mail?.kick();
  return id;
}

/**
 * Writes the order `id` in the caller's transaction `trx` (placeOrder's, or an accepted quote's,
 * which changes the quote first): the buyer's standing decided under their row's lock, every
 * line's pieces taken, the order, its mails and the running totals written. A line that takes
 * nothing throws, rolling the whole transaction back; `orderRefusal` then says why.
 */
export async function writeOrder(
  trx: Database,
  deps: OrderDeps,
  buyer: Caller,
  id: string,
  body: OrderBody,
  agreed?: AgreedOrder,
): Promise<void> {
  const { mail } = deps;
  // The buyer's own numbers for the parts, read before their row is locked below.
  const numbers = await customerNumbersOfBuyer(
    trx,
    buyer.id,
    body.lines.map((line) => line.partsId),
  );
  // The cap on unpaid orders and a company member's monthly limit are decided here, one
  // order of this buyer at a time (the buyer's row stays locked until this order commits; on
  // SQLite the one connection runs one transaction at a time).
  const { open, openValue, verified, member } = await buyerStanding(trx, buyer.id);
  // Who hears of it, read before the stock and the order number are locked (every order waits for those).
  const listeners = await listenersOf(trx, buyer.id, member?.company_id ?? null);
  if (deps.unpaidPerBuyer !== undefined && !agreed && open >= deps.unpaidPerBuyer)
    throw new AppError('too_many_unpaid_orders', tooManyUnpaidMessage(open));
  // The buyer's company's contract prices as they apply now (an agreed order keeps its prices).
  const contracts =
    member && !agreed
      ? await companyContractPrices(
          trx,
          member.company_id,
          body.lines.map((line) => line.partsId),
        )
      : undefined;
  const lines = (await takeLines(trx, id, body.lines, agreed, contracts)).map((line) => ({
    ...line,
    // As the numbers are now: the order keeps them, whatever becomes of them later.
    customer_part_number: numbers.get(line.part_id) ?? null,
  }));
  const [first, ...rest] = lines;
  if (!first) throw new Error('an order has at least one line');
  const price = rest.reduce((sum, line) => sum + line.price, first.price);
  if (!Number.isSafeInteger(price))
    throw new AppError('amount_limit', "This order's total is too large for one order");
  // An account nobody verified reserves at most so much: no free account holds the catalog.
  const valueCap = deps.unpaidValueUnverified;
  if (valueCap !== undefined && !verified && !agreed && openValue + price > valueCap)
    throw new AppError('too_many_unpaid_orders', unverifiedHoldMessage(valueCap));
  // On card terms an order no card may pay is never written: it would hold its pieces unpaid.
  if (member?.payment_terms !== 'net30' && price * 100 > AMOUNT_LIMIT_CENTS)
    throw new AppError('amount_limit', AMOUNT_LIMIT_MESSAGE);
  const now = nowIso();
  const terms = member && (await companyTerms(trx, member, buyer.id, price, now));
  const order = {
    id,
    // Last before the order is written: the counter's row stays locked until the order commits.
    number: await nextOrderNumber(trx),
    user_id: buyer.id,
    user_name: buyer.name,
    email: buyer.email,
    part_id: first.part_id,
    part_name: first.part_name,
    unit_price: first.unit_price,
    quantity: first.quantity,
    price,
    mobile: body.mobile,
    address: body.address,
    po_number: body.poNumber ?? null,
    payment_id: null,
    payment_intent_id: null,
    created_at: now,
    paid_at: null,
    company_id: member?.company_id ?? null,
    approval: terms?.pending ? ('pending' as const) : null,
    due_date: terms?.invoiced ? dueDateFrom(now) : null,
    ship_complete: body.shipComplete ? 1 : 0,
  };
  await orders.insertOrder(trx, order, lines);
  await mail?.queue(trx, { kind: 'order_placed', orderId: id, recipient: buyer.email }, now);
  if (terms?.pending && member) await askForApproval(trx, mail, member.company_id, id, now);
  const told = {
    ownerId: buyer.id,
    companyId: order.company_id,
    data: { orderId: id, number: order.number },
  };
  await emitWebhookEvent(trx, { type: 'order.created', ...told }, now, listeners);
  if (terms?.pending)
    await emitWebhookEvent(trx, { type: 'order.approval_pending', ...told }, now, listeners);
  if (terms?.invoiced) await invoiceOnAccount(trx, mail, { id, email: buyer.email }, now);
  await moveTotals(trx, undefined, order);
}

/**
 * What a refused order answers: for lines that took nothing, the parts are read (after the
 * rollback) to tell missing parts (404) from obsolete ones, quantities off their part's order
 * multiple and quantities out of range (422), each line named in `error.details`; any other error
 * as it is.
 */
export async function orderRefusal(db: Database, error: unknown, agreed?: AgreedOrder): Promise<unknown> {
  if (!(error instanceof RefusedLines)) return error;
  const missing: RefusedLine[] = [];
  for (const refused of error.lines) if (!(await findPart(db, refused.partsId))) missing.push(refused);
  if (missing.length > 0) return new AppError('not_found', 'No such part', undefined, { details: missing });
  const obsolete = await obsoleteRefusal(db, error.lines);
  if (obsolete) return obsolete;
  const notMultiple = await notMultipleRefusal(
    db,
    error.lines.map((refused) => ({ ...refused, quantity: error.wanted[refused.line]?.quantity ?? 0 })),
  );
  if (notMultiple) return notMultiple;
  return new AppError(
    'quantity_out_of_range',
    agreed?.refusal(error.lines) ?? OUT_OF_RANGE_MESSAGE,
    undefined,
    {
      details: error.lines,
    },
  );
}

/**
 * How an order agreed beforehand (an accepted quote) is placed: at these unit prices, by part,
 * its quantities checked against the stock and the order multiples (not the parts' minimums),
 * and not refused by the cap on unpaid orders (the shop offered it). `refusal` tells the buyer
 * which lines the stock is short of.
 */
export interface AgreedOrder {
  unitPrices: ReadonlyMap<string, number>;
  refusal: (lines: readonly RefusedLine[]) => string;
}

/**
 * Takes every line's pieces in one statement; throws RefusedLines naming each line that took
 * nothing. A line is priced at the agreed price, else by unitPriceFor with the buyer's company's
 * contract price for the part (`contracts`), when there is one.
 */
async function takeLines(
  trx: Database,
  orderId: string,
  wanted: readonly LineInput[],
  agreed?: AgreedOrder,
  contracts?: ReadonlyMap<string, { unitPrice: number }>,
) {
  const taken = new Map((await takeStock(trx, wanted, { minimum: !agreed })).map((part) => [part.id, part]));
  const refused: RefusedLine[] = [];
  const lines = wanted.map((line, lineNo): OrderLineRow => {
    const part = taken.get(line.partsId);
    if (!part) refused.push({ line: lineNo, partsId: line.partsId });
    const unitPrice = !part
      ? 0
      : agreed
        ? (agreed.unitPrices.get(line.partsId) ?? 0)
        : unitPriceFor(
            {
              price_per_piece: Number(part.price_per_piece),
              price_breaks: priceBreaksOf(part),
              contractPrice: contracts?.get(line.partsId),
            },
            line.quantity,
          );
    return {
      order_id: orderId,
      line_no: lineNo,
      part_id: line.partsId,
      part_name: part?.name ?? '',
      quantity: line.quantity,
      unit_price: unitPrice,
      price: unitPrice * line.quantity,
      customer_part_number: null,
      reference: line.reference || null,
      // What stock had of it now; the rest waits for incoming pieces (a backorderable part).
      allocated: part?.allocated ?? 0,
      backordered: line.quantity - (part?.allocated ?? 0),
      shipped: 0,
      dropped: 0,
    };
  });
  if (refused.length > 0) throw new RefusedLines(refused, wanted);
  return lines;
}

/** The order, if the caller may see it (its buyer, or an admin). */
export async function orderFor(db: Database, caller: Caller, id: string): Promise<OrderRow> {
  const row = await orders.findOrder(db, id);
  if (!row) throw notFound('order');
  requireSelfOrAdmin(caller, row.email);
  return row;
}

/** The order as the API answers it, once the caller is known to may see it. */
export async function orderById(db: Database, id: string): Promise<Order> {
  const row = await orders.findOrder(db, id);
  const [order] = row ? await withLines(db, [row]) : [];
  if (!order) throw notFound('order');
  return order;
}

/** The order with its lines, if the caller may see it. */
export async function getOrder(db: Database, caller: Caller, id: string): Promise<Order> {
  const [order] = await withLines(db, [await orderFor(db, caller, id)]);
  if (!order) throw notFound('order');
  return order;
}

export interface OrderDeps {
  db: Database;
  /** Mail to buyers, when the shop sends any. */
  mail?: MailOutbox | undefined;
  /** Runs before an unpaid order is cancelled or released (its payment intents are cancelled at the provider). */
  beforeCancel?: (orderId: string) => Promise<void>;
  /** How many unpaid orders one buyer may hold at once (no cap when unset). */
  unpaidPerBuyer?: number;
  /** How many dollars of unpaid orders an account nobody verified may hold (no cap when unset). */
  unpaidValueUnverified?: number;
}

/**
 * Unpaid orders whose time ran out give their pieces back and show as expired to their buyer
 * (UNPAID_ORDER_HOURS_*): after `hours.unverified` for a buyer whose email is not verified,
 * `hours.verified` for one whose email is, and `hours.aboveCardLimit` for an amount no card can
 * pay, whoever the buyer; at most that long, when `earlyMs` is the interval between runs. An order
 * waiting for its company's approval holds its pieces no longer: its buyer's hours from when it
 * was placed (an approved one's run from its approval). Several servers may run this at once: the
 * conditional update lets exactly one of them release each order.
 */
export async function releaseStaleOrders(
  deps: OrderDeps,
  hours: UnpaidOrderHours,
  log: FastifyBaseLogger,
  /** How long before its time an order may go: the schedule's interval, so none outlasts its hours. */
  earlyMs = 0,
): Promise<number> {
  const before = (h: number) => new Date(Date.now() - h * 3_600_000 + earlyMs).toISOString();
  const due = await ordersDueForRelease(deps.db, {
    unverified: before(hours.unverified),
    verified: before(hours.verified),
    aboveCardLimit: before(hours.aboveCardLimit),
    cardLimitCents: AMOUNT_LIMIT_CENTS,
  });
  let released = 0;
  for (const stale of due) {
    try {
      const gone = await expireOrder(deps, stale.id, stale.pending);
      if (!gone) continue;
      released += 1;
      log.info(
        {
          orderId: gone.id,
          partId: gone.part_id,
          quantity: Number(gone.quantity),
          createdAt: gone.created_at,
        },
        stale.pending
          ? 'order waiting for approval released: its pieces are back in stock'
          : 'unpaid order released: its pieces are back in stock',
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
 * intents are cancelled at the provider; answers nothing if it was paid, released or (while it
 * waited) decided meanwhile.
 */
async function expireOrder(deps: OrderDeps, id: string, pending: boolean): Promise<OrderRow | undefined> {
  await deps.beforeCancel?.(id);
  return deps.db.transaction().execute(async (trx) => {
    const expired = await orders.expireUnpaidOrder(trx, id, nowIso(), pending);
    if (!expired) return undefined;
    const lines = await orders.linesOf(trx, [id]);
    await returnLines(trx, id, deps.mail);
    await recordAudit(trx, {
      actor: null,
      action: 'order.expired',
      subjectId: id,
      before: toOrder({ ...expired, expired_at: null }, lines),
      after: { expiredAt: expired.expired_at },
    });
    await moveTotals(trx, { ...expired, expired_at: null }, expired);
    return expired;
  });
}

export async function listOrders(db: Database, filter: OrderFilter & { limit: number; offset: number }) {
  const { rows, total } = await pageOfOrders(db, filter);
  return { orders: await withLines(db, rows), total };
}

/** At most this many orders go into one export. */
export const EXPORT_LIMIT = 50_000;

/**
 * The filtered orders as CSV, for a spreadsheet: a row per line of each order (`line` counts
 * from 1), the order's own columns repeated on each; `price` is the line's, so the column sums to
 * the orders' totals.
 */
export async function ordersCsv(db: Database, filter: OrderFilter): Promise<string> {
  const rows = await exportOrderLines(db, filter, EXPORT_LIMIT);
  return toCsv(
    [
      'order',
      'number',
      'line',
      'placed',
      'buyer',
      'email',
      'mobile',
      'address',
      'PO number',
      'part',
      'customer part number',
      'quantity',
      'unit price',
      'price',
      'reference',
      'state',
      'payment',
      'paid',
      'fulfilment',
      'carrier',
      'tracking number',
      'shipped',
      'delivered',
      'pieces allocated',
      'pieces waiting',
      'pieces shipped',
      'pieces dropped',
    ],
    rows.map((o) => [
      o.id,
      formatOrderNumber(o.number),
      Number(o.line_no) + 1,
      o.created_at,
      o.user_name,
      o.email,
      o.mobile,
      o.address,
      o.po_number,
      o.line_part_name,
      o.line_customer_part_number,
      Number(o.line_quantity),
      Number(o.line_unit_price),
      Number(o.line_price),
      o.line_reference,
      o.cancelled_at ? 'cancelled' : o.paid_at ? 'paid' : o.expired_at ? 'expired' : 'unpaid',
      o.payment_id,
      o.paid_at,
      o.fulfilment_status,
      o.carrier,
      o.tracking_number,
      o.shipped_at,
      o.delivered_at,
      Number(o.line_allocated),
      Number(o.line_backordered),
      Number(o.line_shipped),
      Number(o.line_dropped),
    ]),
  );
}
