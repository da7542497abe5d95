import {
  NOT_ALLOCATED_MESSAGE,
  SHIP_COMPLETE_MESSAGE,
  type Shipment,
  type ShipmentBody,
} from '@shop/contract/availability';
import {
  ALREADY_DELIVERED_MESSAGE,
  ALREADY_SHIPPED_MESSAGE,
  NOT_SHIPPABLE_MESSAGE,
} from '@shop/contract/fulfilment';
import type { Order } from '@shop/contract/orders';
import { newId, nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { lockRows } from '../../db/row-locks.js';
import { AppError, conflict, notFound } from '../../http/app-error.js';
import type { Caller } from '../../http/auth-guard.js';
import { recordAudit } from '../audit/index.js';
import { orderById, orderCancelled, orderExpired, orderLines, readOrder } from '../orders/index.js';
import { emitWebhookEvent } from '../webhooks/index.js';
import * as fulfilment from './repository.js';
import type { FulfilmentDeps } from './service.js';

/*
 * An order shipped in parts (docs/api.md, "Availability"): each shipment takes pieces allocated to
 * the order's lines and not shipped yet, with its carrier and tracking number, and is delivered on
 * its own. The order's row is locked first, so its shipments are decided one at a time.
 */

/** Locks the order's row and reads it: one shipment (or delivery) of an order at a time. */
async function lockedOrder(db: Database, id: string) {
  await lockRows(db, db.selectFrom('orders').select('id').where('id', '=', id));
  const row = await readOrder(db, id);
  if (!row) throw notFound('order');
  if (row.cancelled_at) throw orderCancelled();
  return row;
}

/**
 * `POST /api/purchaseById/{id}/shipments` (admins): a paid or invoiced order ships the lines'
 * pieces named, each at most what is allocated to its line; an order that ships complete ships
 * only every piece at once, when none waits. The order becomes partially shipped, or shipped when
 * nothing is left; its buyer is mailed.
 */
export async function createShipment(
  deps: FulfilmentDeps,
  admin: Caller,
  id: string,
  body: ShipmentBody,
): Promise<Shipment> {
  const at = nowIso();
  const shipmentId = newId();
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockedOrder(trx, id);
    if (row.expired_at) throw orderExpired();
    if (!row.paid_at && !row.due_date) throw conflict(NOT_SHIPPABLE_MESSAGE);
    if (row.fulfilment_status === 'delivered') throw conflict(ALREADY_DELIVERED_MESSAGE);
    if (row.fulfilment_status === 'shipped') throw conflict(ALREADY_SHIPPED_MESSAGE);
    const lines = await orderLines(trx, id);
    if (Number(row.ship_complete) === 1 && !shipsWhole(lines, body)) throw conflict(SHIP_COMPLETE_MESSAGE);
    for (const [index, line] of body.lines.entries())
      if (!(await fulfilment.shipPieces(trx, id, line.partsId, line.quantity)))
        throw new AppError('conflict', NOT_ALLOCATED_MESSAGE, undefined, {
          details: [{ line: index, partsId: line.partsId }],
        });
    await fulfilment.insertShipment(trx, {
      id: shipmentId,
      orderId: id,
      lines: body.lines,
      carrier: body.carrier,
      trackingNumber: body.trackingNumber,
      at,
    });
    const status = await fulfilment.markShipmentSent(trx, id, body, at);
    await recordAudit(trx, {
      actor: admin,
      action: 'order.shipped',
      subjectId: id,
      before: { status: row.fulfilment_status },
      after: { status, shipment: { _id: shipmentId, ...body } },
    });
    await deps.mail?.queue(trx, { kind: 'shipment_sent', shipmentId, recipient: row.email }, at);
    await emitWebhookEvent(
      trx,
      {
        type: 'order.shipped',
        ownerId: row.user_id,
        companyId: row.company_id,
        data: {
          orderId: id,
          number: row.number,
          shipmentId,
          trackingNumber: body.trackingNumber,
          // shipped: nothing of the order is left to ship; partially_shipped: more follows.
          status,
        },
      },
      at,
    );
  });
  deps.mail?.kick();
  return shipmentOf(deps.db, id, shipmentId);
}

/** Whether the shipment takes every piece of the order at once, none of them waiting. */
function shipsWhole(
  lines: readonly { part_id: string; allocated: number; backordered: number }[],
  body: ShipmentBody,
): boolean {
  const shipping = new Map(body.lines.map((line) => [line.partsId, line.quantity]));
  return lines.every(
    (line) => Number(line.backordered) === 0 && (shipping.get(line.part_id) ?? 0) === Number(line.allocated),
  );
}

/**
 * `PUT /api/purchaseById/{id}/shipments/{shipmentId}` (admins): the shipment is delivered (once);
 * the order is delivered when it has shipped whole and every shipment is.
 */
export async function deliverShipment(
  deps: FulfilmentDeps,
  admin: Caller,
  id: string,
  shipmentId: string,
): Promise<Shipment> {
  const at = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockedOrder(trx, id);
    const changed = await fulfilment.markShipmentDelivered(trx, id, shipmentId, at);
    if (changed === 'missing') throw notFound('shipment');
    if (changed === 'delivered already') throw conflict('This shipment is already delivered');
    const whole = await fulfilment.deliverWhenAllDelivered(trx, id, at);
    if (whole)
      await emitWebhookEvent(
        trx,
        {
          type: 'order.delivered',
          ownerId: row.user_id,
          companyId: row.company_id,
          data: { orderId: id, number: row.number },
        },
        at,
      );
    await recordAudit(trx, {
      actor: admin,
      action: 'order.delivered',
      subjectId: id,
      before: { shipment: shipmentId, status: 'shipped' },
      after: { shipment: shipmentId, status: 'delivered', ...(whole ? { order: 'delivered' } : {}) },
    });
  });
  return shipmentOf(deps.db, id, shipmentId);
}

async function shipmentOf(db: Database, orderId: string, shipmentId: string): Promise<Shipment> {
  const order: Order = await orderById(db, orderId);
  const shipment = order.fulfilment.shipments.find((s) => s._id === shipmentId);
  if (!shipment) throw notFound('shipment');
  return shipment;
}
