import { lastExpected, type Shipment, shipPlan } from '@shop/contract/availability';
import type { OrderAdjustment } from '@shop/contract/orders';
import type { Database } from '../../db/database.js';
import { planningOf } from '../parts/index.js';
import { waitingAhead } from './backorders.js';
import { formatCreditNoteNumber } from './numbers.js';
import type { OrderLineRow } from './repository.js';

/*
 * What an order answers beside its row and lines: its shipments, the money owed back for pieces
 * dropped from it, and when its waiting pieces are expected. Each read for many orders at once.
 */

/** What toOrder adds to an order's row and lines. */
export interface OrderExtras {
  shipments?: Shipment[];
  adjustments?: OrderAdjustment[];
  /** The day each waiting line's last piece is expected, by part id. */
  expected?: ReadonlyMap<string, string>;
}

/** The orders' shipments, first shipped first, with their lines. */
async function shipmentsOf(db: Database, orderIds: readonly string[]): Promise<Map<string, Shipment[]>> {
  const byOrder = new Map<string, Shipment[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('shipments')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('shipped_at')
    .orderBy('id')
    .execute();
  if (rows.length === 0) return byOrder;
  const lines = await db
    .selectFrom('shipment_lines')
    .selectAll()
    .where(
      'shipment_id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  const linesOf = Map.groupBy(lines, (line) => line.shipment_id);
  for (const row of rows) {
    const list = byOrder.get(row.order_id) ?? [];
    list.push({
      _id: row.id,
      lines: (linesOf.get(row.id) ?? []).map((line) => ({
        partsId: line.part_id,
        quantity: Number(line.quantity),
      })),
      carrier: row.carrier,
      trackingNumber: row.tracking_number,
      status: row.status,
      shippedAt: row.shipped_at,
      ...(row.delivered_at ? { deliveredAt: row.delivered_at } : {}),
    });
    byOrder.set(row.order_id, list);
  }
  return byOrder;
}

/** The refunds due and credit notes of the orders. */
async function adjustmentsOf(
  db: Database,
  orderIds: readonly string[],
): Promise<Map<string, OrderAdjustment[]>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('order_adjustments')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('created_at')
    .execute();
  const byOrder = new Map<string, OrderAdjustment[]>();
  for (const row of rows) {
    const list = byOrder.get(row.order_id) ?? [];
    list.push({
      kind: row.kind,
      amount: Number(row.amount),
      ...(row.number === null ? {} : { number: formatCreditNoteNumber(Number(row.number)) }),
      createdAt: row.created_at,
    });
    byOrder.set(row.order_id, list);
  }
  return byOrder;
}

/**
 * When each waiting line's last piece is expected: its part's incoming batches go to the orders
 * waiting longest first, the pieces no batch covers come after the lead time (contract
 * availability.ts shipPlan); by order id, then part id. Nothing for an order none of whose lines waits.
 */
async function expectedOf(
  db: Database,
  lines: readonly OrderLineRow[],
  today: string,
): Promise<Map<string, Map<string, string>>> {
  const waiting = lines.filter((line) => Number(line.backordered) > 0);
  const byOrder = new Map<string, Map<string, string>>();
  if (waiting.length === 0) return byOrder;
  const [ahead, planning] = await Promise.all([
    waitingAhead(db, [...new Set(waiting.map((line) => line.order_id))]),
    planningOf(
      db,
      waiting.map((line) => line.part_id),
    ),
  ]);
  for (const line of waiting) {
    const part = planning.get(line.part_id);
    if (!part) continue;
    const skip = ahead.get(`${line.order_id}/${line.part_id}`) ?? 0;
    const plan = shipPlan(
      { ...part, available_quantity: 0, backorderable: true },
      Number(line.backordered),
      today,
      skip,
    );
    const day = lastExpected(plan);
    if (!day) continue;
    const dates = byOrder.get(line.order_id) ?? new Map<string, string>();
    dates.set(line.part_id, day);
    byOrder.set(line.order_id, dates);
  }
  return byOrder;
}

/** The extras of each of these orders, by order id (three reads, and two more when lines wait). */
export async function extrasOf(
  db: Database,
  orderIds: readonly string[],
  lines: readonly OrderLineRow[],
): Promise<Map<string, OrderExtras>> {
  const [shipments, adjustments, expected] = await Promise.all([
    shipmentsOf(db, orderIds),
    adjustmentsOf(db, orderIds),
    expectedOf(db, lines, new Date().toISOString().slice(0, 10)),
  ]);
  return new Map(
    orderIds.map((id) => {
      const dates = expected.get(id);
      return [
        id,
        {
          shipments: shipments.get(id) ?? [],
          ...(adjustments.has(id) ? { adjustments: adjustments.get(id) } : {}),
          ...(dates ? { expected: dates } : {}),
        },
      ];
    }),
  );
}

/** One shipment as stored, with its lines and its order's id (for its mail); none if it is gone. */
export async function findShipment(db: Database, id: string) {
  const row = await db.selectFrom('shipments').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const lines = await db
    .selectFrom('shipment_lines')
    .select(['part_id', 'quantity'])
    .where('shipment_id', '=', id)
    .execute();
  return { ...row, lines: lines.map((line) => ({ part_id: line.part_id, quantity: Number(line.quantity) })) };
}

/** The order's credit note of this number (CN-000007 is 7), with its line's part; none if it has none. */
export function findCreditNote(db: Database, orderId: string, number: number) {
  return db
    .selectFrom('order_adjustments')
    .innerJoin('order_lines', (join) =>
      join
        .onRef('order_lines.order_id', '=', 'order_adjustments.order_id')
        .onRef('order_lines.part_id', '=', 'order_adjustments.part_id'),
    )
    .select([
      'order_adjustments.number',
      'order_adjustments.amount',
      'order_adjustments.quantity',
      'order_adjustments.created_at',
      'order_lines.part_name',
      'order_lines.unit_price',
      'order_lines.customer_part_number',
      'order_lines.reference',
    ])
    .where('order_adjustments.order_id', '=', orderId)
    .where('order_adjustments.kind', '=', 'credit_note')
    .where('order_adjustments.number', '=', number)
    .executeTakeFirst();
}
