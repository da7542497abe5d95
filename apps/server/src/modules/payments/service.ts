import { hasExpired, passesLuhn } from '@shop/contract/cards';
import { AWAITING_APPROVAL_MESSAGE } from '@shop/contract/orders';
import { AMOUNT_LIMIT_CENTS, AMOUNT_LIMIT_MESSAGE, type TestCard } from '@shop/contract/payments';
import type { FastifyBaseLogger } from 'fastify';
import { nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import type { OrderRow } from '../../db/schema.js';
import { AppError, badRequest, conflict, notFound } from '../../http/app-error.js';
import { type Caller, requireSelf } from '../../http/auth-guard.js';
import { recordAudit } from '../audit/index.js';
import type { MailOutbox } from '../mail/index.js';
import { orderCancelled, orderExpired, payByCard, payExpiredOrder, readOrder } from '../orders/index.js';
import { testCardOutcome } from './card.js';
import { paymentsNotConfigured } from './no-provider.js';
import type { PaymentProvider, ProviderIntent } from './provider.js';
import * as payments from './repository.js';

export interface PaymentDeps {
  db: Database;
  provider: PaymentProvider;
  /** Mail to buyers (the receipt of a payment), when the shop sends any. */
  mail?: MailOutbox | undefined;
  /** Where a payment that cannot be kept (its order expired, its pieces sold) is reported. */
  log?: FastifyBaseLogger | undefined;
}

/** What became of a succeeded payment: the order is paid by it, or was already, or it is to be refunded. */
export type PaymentOutcome = 'paid' | 'not_paid' | 'refund_due';

/**
 * Marks the order paid by `paymentId` in the caller's transaction (its invoice number and audit
 * entry with it) and queues the receipt to its buyer. A payment that arrives for an order that
 * expired meanwhile is kept as a business would: the order is paid if its pieces can still be
 * taken from stock; otherwise it stays expired and the payment is recorded as due for a refund
 * (audit log, an error in the log). 'not_paid' when the order was paid or gone already.
 */
export async function recordPayment(
  deps: PaymentDeps,
  trx: Database,
  order: OrderRow,
  paymentId: string,
  actor: { id: string; email: string } | null,
): Promise<PaymentOutcome> {
  const payment = { paymentId, at: nowIso(), actor };
  if (await payByCard(trx, deps.mail, order, payment)) return 'paid';
  const now = await readOrder(trx, order.id);
  if (!now?.expired_at || now.paid_at) return 'not_paid';
  const late = await payExpiredOrder(trx, deps.mail, { ...now, expired_at: now.expired_at }, payment);
  if (late === 'not_reopened') return 'not_paid';
  if (late === 'paid') {
    deps.log?.warn(
      { orderId: now.id, paymentId },
      'payment arrived after the order expired: its pieces were still in stock, the order is paid',
    );
    return 'paid';
  }
  await payments.setIntentStatus(trx, paymentId, 'refund_due', payment.at);
  await recordAudit(trx, {
    actor,
    action: 'order.refund_due',
    subjectId: now.id,
    after: { paymentId, amount: Number(now.price) },
  });
  deps.log?.error(
    { orderId: now.id, paymentId, amount: Number(now.price), email: now.email },
    'REFUND DUE: a payment arrived after its order expired and the pieces are gone; refund it at the card provider',
  );
  return 'refund_due';
}

/** Runs a transaction that may pay an order; once it has committed, the receipt goes out. */
export async function paying<T>(deps: PaymentDeps, work: (trx: Database) => Promise<T>): Promise<T> {
  const result = await deps.db.transaction().execute(work);
  deps.mail?.kick();
  return result;
}

const amountOf = (order: OrderRow) => Number(order.price) * 100;
const notConfirmed = () =>
  new AppError('payment_not_confirmed', 'The card payment has not succeeded for this order and amount');

/** A shop with no card provider refuses card payments with one clear answer (503). */
function requireCardPayments(deps: PaymentDeps): void {
  if (deps.provider.name === 'none') throw paymentsNotConfigured();
}

/** The buyer's own order (an admin pays nobody's order for them: docs/api.md precise point 7). */
async function ownOrder(db: Database, caller: Caller, orderId: string): Promise<OrderRow> {
  const order = await readOrder(db, orderId);
  if (!order) throw notFound('order');
  requireSelf(caller, order.email);
  return order;
}

/**
 * A company order that no card may pay (409): one waiting for its company's approval, one its
 * company rejected, or one invoiced on account (net 30).
 */
export function requireCardPayable(order: OrderRow): void {
  if (order.approval === 'pending') throw conflict(AWAITING_APPROVAL_MESSAGE);
  if (order.approval === 'rejected') throw conflict("This order was rejected by your company's admin");
  if (order.due_date !== null)
    throw conflict(
      'This order is paid on account (net 30): pay its invoice by bank transfer, no card is needed',
    );
}

/** A client secret for paying this order; called again for an unpaid order, it answers the same intent. */
export async function createPaymentIntent(
  deps: PaymentDeps,
  caller: Caller,
  orderId: string,
): Promise<string> {
  requireCardPayments(deps);
  const order = await ownOrder(deps.db, caller, orderId);
  if (order.paid_at) throw conflict('This order is paid');
  if (order.cancelled_at) throw orderCancelled();
  requireCardPayable(order);
  if (order.expired_at) throw orderExpired();
  const amountCents = amountOf(order);
  if (amountCents > AMOUNT_LIMIT_CENTS) throw new AppError('amount_limit', AMOUNT_LIMIT_MESSAGE);
  const open = await payments.openIntent(deps.db, order.id, amountCents);
  if (open) return open.client_secret;
  const created = await deps.provider.createIntent(
    { id: order.id, amountCents },
    `order-${order.id}-${amountCents}`,
  );
  await payments.saveIntent(
    deps.db,
    {
      id: created.id,
      provider: deps.provider.name,
      order_id: order.id,
      amount_cents: amountCents,
      client_secret: created.clientSecret,
      status: 'requires_payment_method',
    },
    nowIso(),
  );
  return created.clientSecret;
}

/** Marks the order paid by this intent if the intent succeeded for exactly this order and amount. */
async function settle(
  deps: PaymentDeps,
  trx: Database,
  order: OrderRow,
  intent: ProviderIntent | undefined,
  actor: Caller,
): Promise<PaymentOutcome> {
  if (
    !intent ||
    intent.orderId !== order.id ||
    intent.amountCents !== amountOf(order) ||
    intent.status !== 'succeeded'
  ) {
    if (order.expired_at) throw orderExpired();
    throw notConfirmed();
  }
  const outcome = await recordPayment(deps, trx, order, intent.id, actor);
  if (outcome !== 'not_paid') return outcome;
  const now = await readOrder(trx, order.id);
  if (!now) throw notFound('order');
  // Cancelled meanwhile (a cancel racing this payment won): the card pays nothing.
  if (now.cancelled_at) throw orderCancelled();
  if (now.payment_id !== intent.id) throw conflict('This order is paid with another payment');
  return 'paid';
}

const refundDue = () =>
  new AppError(
    'order_expired',
    'This order expired before its payment arrived and its pieces are sold: the payment will be refunded.',
  );

/** Pays the order in a transaction of its own; a payment kept for a refund is answered after it commits. */
async function settleAndAnswer(deps: PaymentDeps, work: (trx: Database) => Promise<PaymentOutcome>) {
  if ((await paying(deps, work)) === 'refund_due') throw refundDue();
}

/** `PUT /api/purchaseById/{id}`: the buyer says the card payment went through; the provider is asked. */
export async function payOrder(
  deps: PaymentDeps,
  caller: Caller,
  orderId: string,
  paymentId: string,
): Promise<void> {
  requireCardPayments(deps);
  const order = await ownOrder(deps.db, caller, orderId);
  if (order.paid_at) {
    if (order.payment_id === paymentId) return;
    throw conflict('This order is paid with another payment');
  }
  if (order.cancelled_at) throw orderCancelled();
  requireCardPayable(order);
  if (order.expired_at && (await payments.intentStatus(deps.db, paymentId)) === 'refund_due')
    throw refundDue();
  const intent = await deps.provider.retrieve(paymentId);
  await settleAndAnswer(deps, (trx) => settle(deps, trx, order, intent, caller));
}

/** The test provider's card confirmation (Stripe's test cards); a success pays the order at once. */
export async function confirmTestPayment(
  deps: PaymentDeps,
  caller: Caller,
  body: { clientSecret: string; card: TestCard },
): Promise<{ id: string; status: string }> {
  requireCardPayments(deps);
  if (deps.provider.name !== 'test') throw notFound('test card provider');
  const intent = await payments.intentBySecret(deps.db, body.clientSecret);
  if (intent?.provider !== 'test') throw notFound('payment');
  const order = await ownOrder(deps.db, caller, intent.order_id);
  // Confirmed already, perhaps by a confirmation sent at the same moment, whose commit came
  // between this one's reading of the intent and of the order: the same success, answered again.
  const paidByThis = order.paid_at !== null && order.payment_id === intent.id;
  if (intent.status === 'succeeded' || paidByThis) return { id: intent.id, status: 'succeeded' };
  if (order.paid_at) throw conflict('This order is paid');
  // The card is not charged for an order whose pieces went back to stock.
  if (order.cancelled_at) throw orderCancelled();
  requireCardPayable(order);
  if (order.expired_at) throw orderExpired();
  if (!passesLuhn(body.card.number)) throw badRequest('card.number is not a valid card number');
  if (hasExpired(body.card.exp)) throw badRequest('card.exp is in the past: the card has expired');
  const outcome = testCardOutcome(body.card.number);
  if (!outcome.ok) {
    await payments.setIntentStatus(deps.db, intent.id, 'requires_payment_method', nowIso());
    throw new AppError('card_declined', outcome.message);
  }
  await settleAndAnswer(deps, async (trx) => {
    await payments.setIntentStatus(trx, intent.id, 'succeeded', nowIso());
    return settle(
      deps,
      trx,
      order,
      {
        id: intent.id,
        status: 'succeeded',
        amountCents: Number(intent.amount_cents),
        orderId: intent.order_id,
      },
      caller,
    );
  });
  return { id: intent.id, status: 'succeeded' };
}

/** A provider's webhook: verified, recorded once by its event id, and a success pays the order. */
export async function receiveWebhook(deps: PaymentDeps, rawBody: Buffer, signature: string | undefined) {
  const event = deps.provider.verifyWebhook(rawBody, signature);
  await paying(deps, async (trx) => {
    const first = await payments.recordEvent(
      trx,
      { id: event.id, provider: deps.provider.name, type: event.type, orderId: event.intent?.orderId },
      nowIso(),
    );
    if (!first || event.type !== 'payment_intent.succeeded' || !event.intent?.orderId) return;
    const order = await readOrder(trx, event.intent.orderId);
    if (!order || order.paid_at) return;
    if (event.intent.amountCents !== amountOf(order)) return;
    await payments.setIntentStatus(trx, event.intent.id, 'succeeded', nowIso());
    await recordPayment(deps, trx, order, event.intent.id, null);
  });
}
