import type { Database } from '../../db/database.js';
import type { OrderRow } from '../../db/schema.js';
import { recordAudit } from '../audit/index.js';
import type { MailOutbox } from '../mail/index.js';
import { emitWebhookEvent } from '../webhooks/index.js';
import { assignInvoice, formatInvoiceNumber } from './numbers.js';
import * as orders from './repository.js';
import { retakeLines } from './stock.js';
import { moveTotals } from './totals.js';

/*
 * What a card payment does to its order. The payment itself (its intent at the provider, a
 * refund it is due) is the payments module's; the order's side of it is here.
 */

/** A card payment as it reaches its order. */
export interface CardPayment {
  /** The provider's id of the payment (its intent). */
  paymentId: string;
  at: string;
  /** Who confirmed it: the buyer, or null for the provider's webhook and reconciliation. */
  actor: { id: string; email: string } | null;
}

/**
 * Marks the order paid in one conditional update: only while it is unpaid. A payment racing a
 * cancel, or a webhook racing the buyer's confirmation, ends with exactly one of them. Run it in
 * a transaction: the order, its invoice number and its audit entry are written together or not at all.
 * Answers the order as it is now, or nothing when it was not payable by card.
 */
export async function markPaid(
  db: Database,
  orderId: string,
  paymentId: string,
  at: string,
  /** Who confirmed it: the buyer, or null for the provider's webhook and reconciliation. */
  actor: { id: string; email: string } | null = null,
): Promise<OrderRow | undefined> {
  if (!db.isTransaction) throw new Error('markPaid runs in a transaction');
  const paid = await orders.markCardPaid(db, orderId, paymentId, at);
  if (!paid) return undefined;
  const invoice = formatInvoiceNumber(await assignInvoice(db, orderId, at));
  // Every payment is in the audit log (a second writer in the same statement is impossible).
  await recordAudit(db, {
    actor,
    action: 'order.paid',
    subjectId: orderId,
    after: { paymentId, paidAt: at, invoice },
  });
  await emitWebhookEvent(
    db,
    {
      type: 'order.paid',
      ownerId: paid.user_id,
      companyId: paid.company_id,
      data: { orderId, number: paid.number, invoice },
    },
    at,
  );
  return paid;
}

/**
 * Pays the order by card in the caller's transaction: it is marked paid (markPaid), its receipt is
 * queued to its buyer and its buyer's running totals move, last. Answers the order as it is now,
 * or nothing when it was not payable by card (paid, expired, gone, waiting for approval, refused
 * or invoiced on account).
 */
export async function payByCard(
  trx: Database,
  mail: MailOutbox | undefined,
  order: Pick<OrderRow, 'id' | 'email'>,
  payment: CardPayment,
): Promise<OrderRow | undefined> {
  const paid = await markPaid(trx, order.id, payment.paymentId, payment.at, payment.actor);
  if (!paid) return undefined;
  await mail?.queue(trx, { kind: 'payment_receipt', orderId: order.id, recipient: order.email }, payment.at);
  await moveTotals(trx, { ...paid, paid_at: null }, paid);
  return paid;
}

/**
 * What became of a card payment for an expired order: it is paid now; or it could not open again
 * (paid meanwhile, refused by its company, or released while it waited for approval: no card
 * payment was ever asked for it); or its pieces are gone and it stays expired.
 */
export type LatePayment = 'paid' | 'not_reopened' | 'pieces_gone';

/**
 * A card payment that arrived for an order that expired meanwhile, kept as a business would, in
 * the caller's transaction: the order opens again (one conditional update) and takes all its
 * pieces back from stock, whatever the parts' minimums, and is then paid as payByCard pays it.
 * If any piece is gone it is expired again as it was (`order.expired_at`), the pieces it took
 * given back: its running totals never moved.
 */
export async function payExpiredOrder(
  trx: Database,
  mail: MailOutbox | undefined,
  order: Pick<OrderRow, 'id' | 'email'> & { expired_at: string },
  payment: CardPayment,
): Promise<LatePayment> {
  if (!(await orders.reopenExpiredOrder(trx, order.id))) return 'not_reopened';
  const paid = (await retakeLines(trx, order.id))
    ? await markPaid(trx, order.id, payment.paymentId, payment.at, payment.actor)
    : undefined;
  if (!paid) {
    await orders.setExpired(trx, order.id, order.expired_at);
    return 'pieces_gone';
  }
  await mail?.queue(trx, { kind: 'payment_receipt', orderId: order.id, recipient: order.email }, payment.at);
  // From expired to paid: it counts in its month again (it never held pieces unpaid meanwhile).
  await moveTotals(trx, { ...paid, paid_at: null, expired_at: order.expired_at }, paid);
  return 'paid';
}
