import { NOTHING_WAITING_MESSAGE } from '@shop/contract/availability';
import type { Order } from '@shop/contract/orders';
import { sql } from 'kysely';
import { newId, nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { lockRows } from '../../db/row-locks.js';
import type { OrderRow } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../../http/app-error.js';
import type { Caller } from '../../http/auth-guard.js';
import { recordAudit } from '../audit/index.js';
import { requireCompanyAdmin } from '../companies/index.js';
import { nextCreditNoteNumber } from './numbers.js';
import * as orders from './repository.js';
import { type OrderDeps, orderById, orderCancelled, orderExpired } from './service.js';
import { moveTotals } from './totals.js';

/*
 * `POST /api/purchaseById/{id}/lines/{partsId}/cancel-backorder`: a line's waiting pieces are
 * dropped before they ship, by the order's buyer or an admin of its company; the line counts them
 * as dropped. What the buyer owes follows: an unpaid order costs less; of a paid one the refund is due; of one invoiced on
 * account a credit note is written (docs/api.md, "Availability").
 */

/** Whether the caller may drop the order's waiting pieces: its buyer, or an admin of its company. */
async function mayDrop(db: Database, caller: Caller, row: OrderRow): Promise<void> {
  if (row.user_id === caller.id) return;
  if (!row.company_id) throw forbidden('Only the buyer of this order can drop its waiting pieces');
  await requireCompanyAdmin(db, caller, row.company_id, {
    refusal: 'Only the buyer of this order or an admin of its company can drop its waiting pieces',
  });
}

/** Drops the waiting pieces of the order's line for `partId`; answers the order as it is then. */
export async function dropBackorder(
  deps: OrderDeps,
  caller: Caller,
  id: string,
  partId: string,
): Promise<Order> {
  const found = await orders.findOrder(deps.db, id);
  if (!found) throw notFound('order');
  await mayDrop(deps.db, caller, found);
  // An unpaid order's amount changes: the payments started for the old amount are cancelled first.
  if (!found.paid_at && !found.due_date) await deps.beforeCancel?.(id);
  await deps.db.transaction().execute(async (trx) => {
    await lockRows(trx, trx.selectFrom('orders').select('id').where('id', '=', id));
    const row = await orders.findOrder(trx, id);
    if (!row) throw notFound('order');
    if (row.cancelled_at) throw orderCancelled();
    if (row.expired_at) throw orderExpired();
    const line = await lockedLine(trx, id, partId);
    const waiting = Number(line.backordered);
    if (waiting === 0) throw conflict(NOTHING_WAITING_MESSAGE);
    const value = waiting * Number(line.unit_price);
    const at = nowIso();
    const settled = row.paid_at !== null || row.due_date !== null;
    await trx
      .updateTable('order_lines')
      .set({
        dropped: sql`dropped + ${waiting}`,
        backordered: 0,
        // Unpaid, the line's price no longer counts them; paid or invoiced, it stands.
        ...(settled ? {} : { price: sql`price - ${value}` }),
      })
      .where('order_id', '=', id)
      .where('line_no', '=', line.line_no)
      .execute();
    if (settled) await oweBack(trx, row, line, waiting, value, at);
    else await shrinkUnpaid(trx, row, value, at);
    await finishIfShipped(trx, id);
    await recordAudit(trx, {
      actor: caller,
      action: 'order.backorder_dropped',
      subjectId: id,
      before: { partsId: partId, backordered: waiting },
      after: { partsId: partId, backordered: 0, amount: value },
    });
  });
  return orderById(deps.db, id);
}

/** The order's line for the part, locked until the transaction ends. */
async function lockedLine(db: Database, orderId: string, partId: string) {
  const query = db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('part_id', '=', partId);
  await lockRows(db, query);
  const line = await query.executeTakeFirst();
  if (!line) throw notFound('order line');
  return line;
}

/**
 * A paid or invoiced order keeps its amount (its payment or invoice stands): the money owed back
 * for the dropped pieces is written down, a refund due (paid), or a numbered credit note
 * (invoiced on account, unpaid).
 */
async function oweBack(
  db: Database,
  row: OrderRow,
  line: orders.OrderLineRow,
  waiting: number,
  value: number,
  at: string,
): Promise<void> {
  const refund = row.paid_at !== null;
  await db
    .insertInto('order_adjustments')
    .values({
      id: newId(),
      order_id: row.id,
      kind: refund ? 'refund_due' : 'credit_note',
      amount: value,
      part_id: line.part_id,
      quantity: waiting,
      number: refund ? null : await nextCreditNoteNumber(db),
      created_at: at,
      settled_at: null,
    })
    .execute();
}

/**
 * An unpaid order becomes cheaper by the dropped pieces (its line's price lost them already; the
 * line keeps what was ordered). Nothing left to buy: the order is cancelled.
 */
async function shrinkUnpaid(db: Database, row: OrderRow, value: number, at: string): Promise<void> {
  const left = Number(row.price) - value;
  const after = await db
    .updateTable('orders')
    .set({ price: left, ...(left === 0 ? { cancelled_at: at } : {}) })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await moveTotals(db, row, after);
}

/** A partly shipped order whose last waiting pieces were dropped has shipped whole. */
async function finishIfShipped(db: Database, id: string): Promise<void> {
  const left = await db
    .selectFrom('order_lines')
    .select('order_id')
    .where('order_id', '=', id)
    .where((eb) => eb.or([eb('allocated', '>', 0), eb('backordered', '>', 0)]))
    .executeTakeFirst();
  if (left) return;
  await db
    .updateTable('orders')
    .set({ fulfilment_status: 'shipped' })
    .where('id', '=', id)
    .where('fulfilment_status', '=', 'partially_shipped')
    .execute();
}
