import { SHIPPED_NOT_CANCELLABLE_MESSAGE } from '@shop/contract/fulfilment';
import { INVOICED_NOT_CANCELLABLE_MESSAGE } from '@shop/contract/orders';
import { nowIso } from '../../clock.js';
import type { OrderRow } from '../../db/schema.js';
import { conflict, notFound } from '../../http/app-error.js';
import type { Caller } from '../../http/auth-guard.js';
import { recordAudit } from '../audit/index.js';
import * as orders from './repository.js';
import { type OrderDeps, orderCancelled, orderExpired, orderFor, toOrder } from './service.js';
import { returnLines } from './stock.js';
import { moveTotals } from './totals.js';

/*
 * Cancelling an unpaid order (`DELETE /api/purchaseById/{id}`, its buyer or an admin): it stays,
 * marked cancelled (status, cancelledAt), its pieces back in stock and its running totals moved
 * as if it were gone.
 */

/**
 * Cancels an unpaid order and returns its pieces to stock, in one transaction: the order stays,
 * marked cancelled, for its buyer to read. A shipped, paid, invoiced or expired order stays as it
 * is (409), and so does one cancelled already: of cancels at once, one returns the pieces.
 */
export async function cancelOrder(deps: OrderDeps, caller: Caller, id: string): Promise<void> {
  const row = await orderFor(deps.db, caller, id);
  throwIfNotCancellable(row);
  // An admin cancelling someone's order is an admin action: it goes into the audit log.
  await cancelUnpaidOrder(deps, id, caller.role === 'admin' ? { actor: caller } : undefined);
}

/** Why an order cannot be cancelled now, if it cannot. */
function throwIfNotCancellable(row: OrderRow): void {
  // Shipped before paid: a net-30 order ships unpaid, and once on its way it stays an order.
  if (row.fulfilment_status !== 'unfulfilled') throw conflict(SHIPPED_NOT_CANCELLABLE_MESSAGE);
  if (row.paid_at) throw conflict('A paid order cannot be cancelled');
  if (row.due_date) throw conflict(INVOICED_NOT_CANCELLABLE_MESSAGE);
  if (row.expired_at) throw orderExpired();
  if (row.cancelled_at) throw orderCancelled();
}

async function cancelUnpaidOrder(
  deps: OrderDeps,
  id: string,
  audit?: { actor: { id: string; email: string } | null },
): Promise<OrderRow> {
  await deps.beforeCancel?.(id);
  const lost = new Error('the order was paid or cancelled meanwhile');
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const cancelled = await orders.cancelUnpaidOrder(trx, id, nowIso());
      // Nothing to cancel: roll back, so a paid order keeps its payment intents.
      if (!cancelled) throw lost;
      const before = { ...cancelled.order, cancelled_at: null };
      await returnLines(trx, id, deps.mail);
      if (audit) {
        await recordAudit(trx, {
          actor: audit.actor,
          action: 'order.cancelled',
          subjectId: id,
          before: toOrder(before, cancelled.lines),
          after: { cancelledAt: cancelled.order.cancelled_at },
        });
      }
      // It holds no pieces and spends nothing any more, as when a cancel deleted it.
      await moveTotals(trx, before, cancelled.order);
      return cancelled.order;
    });
  } catch (error) {
    if (error !== lost) throw error;
    const now = await orders.findOrder(deps.db, id);
    if (!now) throw notFound('order');
    throwIfNotCancellable(now);
    throw conflict('This order cannot be cancelled');
  }
}
