import type { FastifyBaseLogger } from 'fastify';
import { nowIso } from '../../clock.js';
import { conflict } from '../../http/app-error.js';
import { readOrder } from '../orders/index.js';
import * as payments from './repository.js';
import { type PaymentDeps, paying, recordPayment } from './service.js';

/** Pays the order if this intent succeeded for it; answers whether the order is paid now. */
async function settleIfSucceeded(deps: PaymentDeps, intentId: string): Promise<boolean> {
  const intent = await deps.provider.retrieve(intentId);
  if (intent?.status !== 'succeeded' || !intent.orderId) return false;
  const order = await readOrder(deps.db, intent.orderId);
  if (!order || intent.amountCents !== Number(order.price) * 100) return false;
  const outcome = await paying(deps, async (trx) => {
    await payments.setIntentStatus(trx, intent.id, 'succeeded', nowIso());
    return recordPayment(deps, trx, order, intent.id, null);
  });
  return outcome === 'paid' || order.paid_at !== null;
}

/**
 * Before an unpaid order is cancelled (or released), its intents are cancelled at the provider, so
 * nobody can pay for an order whose pieces went back. An intent the buyer already paid pays the order instead, and
 * the cancel is refused.
 */
export async function releaseIntents(deps: PaymentDeps, orderId: string): Promise<void> {
  for (const open of await payments.intentsOfUnpaidOrders(deps.db, orderId)) {
    const intent = await deps.provider.cancelIntent(open.id);
    if (intent?.status === 'succeeded' && (await settleIfSucceeded(deps, open.id))) {
      throw conflict('This order has just been paid');
    }
  }
}

/**
 * Every payment that succeeded ends as a paid order, even when neither the buyer's browser nor
 * the webhook came back: unpaid orders' intents are asked of the provider (at start and then
 * on a schedule). Answers how many orders it paid.
 */
export async function reconcilePayments(deps: PaymentDeps, log: FastifyBaseLogger): Promise<number> {
  let settled = 0;
  for (const open of await payments.intentsOfUnpaidOrders(deps.db)) {
    try {
      if (await settleIfSucceeded(deps, open.id)) {
        settled += 1;
        log.info({ orderId: open.orderId, paymentId: open.id }, 'payment reconciled: order paid');
      }
    } catch (error) {
      log.warn({ err: error, paymentId: open.id }, 'payment could not be reconciled now');
    }
  }
  return settled;
}
