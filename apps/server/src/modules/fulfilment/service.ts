import {
  ALREADY_DELIVERED_MESSAGE,
  ALREADY_SHIPPED_MESSAGE,
  type FulfilmentBody,
  NOT_SHIPPABLE_MESSAGE,
  NOT_SHIPPED_MESSAGE,
} from '@shop/contract/fulfilment';
import type { Order } from '@shop/contract/orders';
import { newId, nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import type { OrderRow } from '../../db/schema.js';
import { type AppError, conflict, notFound } from '../../http/app-error.js';
import type { Caller } from '../../http/auth-guard.js';
import { recordAudit } from '../audit/index.js';
import type { MailOutbox } from '../mail/index.js';
import { fulfilmentOf, getOrder, readOrder } from '../orders/index.js';
import { emitWebhookEvent } from '../webhooks/index.js';
import * as fulfilment from './repository.js';

export interface FulfilmentDeps {
  db: Database;
  /** Mail to buyers, when the shop sends any. */
  mail?: MailOutbox | undefined;
}

/** What the audit log keeps of an order's fulfilment: its own fields (its shipments are read apart). */
function auditView(row: OrderRow) {
  const { shipments: _, ...view } = fulfilmentOf(row);
  return view;
}

/** Why the order could not take the change: it is gone, or not in the state the change starts from. */
async function refusal(db: Database, id: string, to: FulfilmentBody['status']): Promise<AppError> {
  const row = await readOrder(db, id);
  if (!row) return notFound('order');
  if (row.fulfilment_status === 'delivered')
    return conflict(to === 'shipped' ? ALREADY_SHIPPED_MESSAGE : ALREADY_DELIVERED_MESSAGE);
  if (to === 'shipped') {
    if (row.fulfilment_status === 'shipped') return conflict(ALREADY_SHIPPED_MESSAGE);
    if (row.fulfilment_status === 'partially_shipped')
      return conflict('This order has shipped in part: ship the rest as shipments');
    if (row.expired_at) return conflict('This order has expired: it can no longer be shipped');
    if (row.cancelled_at) return conflict('This order was cancelled: it can no longer be shipped');
    if (!row.paid_at && !row.due_date) return conflict(NOT_SHIPPABLE_MESSAGE);
    return conflict('Pieces of this order are still waiting: ship what is allocated as a shipment');
  }
  return conflict(NOT_SHIPPED_MESSAGE);
}

/**
 * `PUT /api/purchaseById/{id}/fulfilment` (admins): an order ships once it is paid or invoiced, with
 * its carrier and tracking number, then is delivered. Each change is one conditional update (from
 * the state it starts from), written with its audit entry and, when it ships, the buyer's mail, in
 * one transaction: of admins changing it at once, exactly one does, and the others hear 409.
 */
export async function changeFulfilment(
  deps: FulfilmentDeps,
  admin: Caller,
  id: string,
  body: FulfilmentBody,
): Promise<Order> {
  const at = nowIso();
  const changed = await deps.db.transaction().execute(async (trx) => {
    const row =
      body.status === 'shipped'
        ? await fulfilment.markShipped(trx, id, {
            // The body's rules require both to ship (contract/fulfilment.ts).
            carrier: body.carrier ?? '',
            trackingNumber: body.trackingNumber ?? '',
            at,
          })
        : await fulfilment.markDelivered(trx, id, at);
    if (!row) return undefined;
    if (body.status === 'shipped')
      await fulfilment.shipEverything(trx, id, {
        id: newId(),
        carrier: body.carrier ?? '',
        trackingNumber: body.trackingNumber ?? '',
        at,
      });
    const before =
      body.status === 'shipped'
        ? { status: 'unfulfilled' }
        : auditView({ ...row, fulfilment_status: 'shipped', delivered_at: null });
    await recordAudit(trx, {
      actor: admin,
      action: body.status === 'shipped' ? 'order.shipped' : 'order.delivered',
      subjectId: id,
      before,
      after: auditView(row),
    });
    if (body.status === 'shipped')
      await deps.mail?.queue(trx, { kind: 'order_shipped', orderId: id, recipient: row.email }, at);
    await emitWebhookEvent(
      trx,
      {
        type: body.status === 'shipped' ? 'order.shipped' : 'order.delivered',
        ownerId: row.user_id,
        companyId: row.company_id,
        data: {
          orderId: id,
          number: row.number,
          ...(row.tracking_number ? { trackingNumber: row.tracking_number } : {}),
        },
      },
      at,
    );
    return row;
  });
  if (!changed) throw await refusal(deps.db, id, body.status);
  if (body.status === 'shipped') deps.mail?.kick();
  return getOrder(deps.db, admin, id);
}
