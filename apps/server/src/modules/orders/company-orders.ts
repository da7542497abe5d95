import type { Order } from '@shop/contract/orders';
import { nowIso } from '../../clock.js';
import type { UnpaidOrderHours } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { OrderRow } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../../http/app-error.js';
import type { Caller } from '../../http/auth-guard.js';
import { recordAudit } from '../audit/index.js';
import { adminEmailsOf, companyOf, requireCompanyAdmin } from '../companies/index.js';
import type { MailOutbox } from '../mail/index.js';
import { dueDateFrom, invoiceOnAccount } from './company-terms.js';
import { overdueUnmailed, pendingDueForReminder } from './due-orders.js';
import { type CompanyOrderFilter, pageOfCompanyOrders } from './order-lists.js';
import * as orders from './repository.js';
import { getOrder, orderCancelled, orderExpired, toOrder, withLines } from './service.js';
import { returnLines } from './stock.js';
import { moveTotals } from './totals.js';

export interface CompanyOrderDeps {
  db: Database;
  mail?: MailOutbox | undefined;
}

const NOT_ADMIN_OF = "Only an admin of the order's company may do this";
export const OWN_ORDER =
  'You cannot approve your own order: it passes your spending limit, so another admin of your company must approve it';

/**
 * Why a decision changed nothing: the order is gone, was cancelled or decided (or paid) already,
 * or was released (409 order_expired) because it waited longer than it may hold its pieces.
 */
async function notPending(db: Database, id: string): Promise<never> {
  const now = await orders.findOrder(db, id);
  if (!now) throw notFound('order');
  if (now.cancelled_at) throw orderCancelled();
  if (now.approval === 'approved') throw conflict('This order is approved already');
  if (now.approval === 'rejected') throw conflict('This order is rejected already');
  if (now.approval === 'pending' && now.expired_at) throw orderExpired();
  throw conflict('This order does not wait for approval');
}

/** The order, once the caller is known to be an admin of its company. */
async function companyOrder(db: Database, caller: Caller, id: string): Promise<OrderRow> {
  const row = await orders.findOrder(db, id);
  if (!row) throw notFound('order');
  await requireCompanyAdmin(db, caller, row.company_id, { refusal: NOT_ADMIN_OF });
  return row;
}

/**
 * `POST /api/orders/{id}/approve`: a pending order becomes payable, in one conditional update (an
 * approve racing a reject: one of them changes it, the other gets 409) that also checks the
 * approver as they are then: an admin of the order's company, not the shop's admin, and not its
 * buyer (an order waits because it passes its buyer's limit: an admin with a limit never approves
 * their own, 403). Its unpaid-order clock starts now (approved_at). With net-30 terms it is
 * invoiced at once: its number, due in 30 days.
 */
export async function approveOrder(deps: CompanyOrderDeps, caller: Caller, id: string): Promise<Order> {
  const row = await companyOrder(deps.db, caller, id);
  if (row.user_id === caller.id) throw forbidden(OWN_ORDER);
  const lost = new Error('not pending');
  let order: Order;
  try {
    order = await deps.db.transaction().execute(async (trx) => {
      const company = row.company_id ? await companyOf(trx, row.company_id) : undefined;
      const net30 = company?.payment_terms === 'net30';
      const now = nowIso();
      const approved = await orders.approvePending(trx, id, caller.id, now, net30 ? dueDateFrom(now) : null);
      if (!approved) throw lost;
      const invoice = net30 ? await invoiceOnAccount(trx, deps.mail, approved, now) : null;
      await recordAudit(trx, {
        actor: caller,
        action: 'order.approved',
        subjectId: id,
        before: { approval: 'pending' },
        after: { approval: 'approved', ...(net30 ? { dueDate: approved.due_date } : {}) },
      });
      await deps.mail?.queue(trx, { kind: 'order_approved', orderId: id, recipient: approved.email }, now);
      // Invoiced on account (net 30), it holds its pieces unpaid no longer.
      await moveTotals(trx, { ...approved, approval: 'pending', due_date: null }, approved);
      return toOrder({ ...approved, invoice_number: invoice }, await orders.linesOf(trx, [id]));
    });
  } catch (error) {
    if (error === lost) {
      // Demoted (or made the shop's admin) meanwhile: 403, as a later request would hear.
      await companyOrder(deps.db, caller, id);
      await notPending(deps.db, id);
    }
    throw error;
  }
  deps.mail?.kick();
  return order;
}

/**
 * `POST /api/orders/{id}/reject`: a pending order is rejected and its pieces go back to stock, in
 * one transaction whose conditional update lets exactly one decision through. An admin of the
 * order's company rejects it, or the shop's admin, who may release the pieces any waiting order
 * holds (never approve one: that is the company's).
 */
export async function rejectOrder(deps: CompanyOrderDeps, caller: Caller, id: string): Promise<Order> {
  const byShop = caller.role === 'admin';
  if (byShop) {
    if (!(await orders.findOrder(deps.db, id))) throw notFound('order');
  } else await companyOrder(deps.db, caller, id);
  const lost = new Error('not pending');
  let order: Order;
  try {
    order = await deps.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const rejected = await orders.rejectPending(trx, id, now);
      if (!rejected) throw lost;
      const lines = await orders.linesOf(trx, [id]);
      await returnLines(trx, id, deps.mail);
      await recordAudit(trx, {
        actor: caller,
        action: 'order.rejected',
        subjectId: id,
        before: { approval: 'pending' },
        after: { approval: 'rejected', expiredAt: now },
      });
      await deps.mail?.queue(
        trx,
        {
          kind: byShop ? 'order_rejected_by_shop' : 'order_rejected',
          orderId: id,
          recipient: rejected.email,
        },
        now,
      );
      await moveTotals(trx, { ...rejected, approval: 'pending', expired_at: null }, rejected);
      return toOrder(rejected, lines);
    });
  } catch (error) {
    if (error === lost) await notPending(deps.db, id);
    throw error;
  }
  deps.mail?.kick();
  return order;
}

/** `GET /api/companies/{id}/orders`: a company admin's page of their company's orders, newest first. */
export async function listCompanyOrders(
  db: Database,
  caller: Caller,
  filter: CompanyOrderFilter & { limit: number; offset: number },
): Promise<{ orders: Order[]; total: number }> {
  await requireCompanyAdmin(db, caller, filter.companyId, { refusal: NOT_ADMIN_OF });
  const { rows, total } = await pageOfCompanyOrders(db, filter);
  return { orders: await withLines(db, rows), total };
}

/**
 * `PUT /api/purchaseById/{id}/settlement`: the shop's admin records the bank payment of a net-30
 * invoice; the order becomes paid (one conditional update: of two settlements at once, one pays
 * it) and its receipt is mailed as a card payment's is.
 */
export async function settleOrder(
  deps: CompanyOrderDeps,
  caller: Caller,
  id: string,
  reference: string,
): Promise<Order> {
  const lost = new Error('not settled');
  try {
    await deps.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const settled = await orders.settleInvoiced(trx, id, reference, now);
      if (!settled) throw lost;
      await recordAudit(trx, {
        actor: caller,
        action: 'order.settled',
        subjectId: id,
        after: { paidAt: now, reference },
      });
      await deps.mail?.queue(trx, { kind: 'payment_receipt', orderId: id, recipient: settled.email }, now);
      // An invoiced order held no pieces unpaid, and still counts in its month: nothing moves.
      await moveTotals(trx, { ...settled, paid_at: null }, settled);
    });
  } catch (error) {
    if (error !== lost) throw error;
    const now = await orders.findOrder(deps.db, id);
    if (!now) throw notFound('order');
    if (now.paid_at) throw conflict('This order is paid already');
    if (now.due_date === null)
      throw conflict('This order is not invoiced on account (net 30): it is paid by card');
    throw conflict('This order cannot be settled');
  }
  deps.mail?.kick();
  return getOrder(deps.db, caller, id);
}

/**
 * Reminds each admin of the company, once, of an order that has waited for their approval half
 * the time it may hold its pieces (its buyer's UNPAID_ORDER_HOURS_*: it is released at the end of
 * it); `earlyMs` as for the release. Answers how many orders its admins were reminded of.
 */
export async function remindApprovers(
  deps: CompanyOrderDeps,
  hours: UnpaidOrderHours,
  earlyMs = 0,
): Promise<number> {
  const { mail } = deps;
  if (!mail) return 0;
  const halfway = (h: number) => new Date(Date.now() - (h * 3_600_000) / 2 + earlyMs).toISOString();
  const due = await pendingDueForReminder(deps.db, {
    unverified: halfway(hours.unverified),
    verified: halfway(hours.verified),
  });
  const now = nowIso();
  for (const order of due) {
    if (!order.company_id) continue;
    await mail.toEach(
      deps.db,
      { kind: 'approval_reminder', subjectId: order.id },
      await adminEmailsOf(deps.db, order.company_id),
      now,
    );
  }
  if (due.length > 0) mail.kick();
  return due.length;
}

/**
 * Queues the overdue mail of every net-30 invoice past its due date and unpaid, once per order
 * (the outbox keeps one mail of a kind per order); answers how many were queued.
 */
export async function mailOverdueInvoices(deps: CompanyOrderDeps): Promise<number> {
  const { mail } = deps;
  if (!mail) return 0;
  const now = nowIso();
  const due = await overdueUnmailed(deps.db, now);
  for (const order of due)
    await mail.queue(deps.db, { kind: 'invoice_overdue', orderId: order.id, recipient: order.email }, now);
  if (due.length > 0) mail.kick();
  return due.length;
}
