import type { MailContent } from '../mail/index.js';
import { type MailOrder, myOrders, numbered, pcs, toBuyer } from './messages.js';

/*
 * The mails of an order that ships in parts: each shipment sent, and the waiting pieces all here.
 */

/** A shipment of an order, as its mail tells of it. */
export interface MailShipment {
  carrier: string;
  tracking_number: string;
  shipped_at: string;
  lines: readonly { part_id: string; quantity: number }[];
}

/** What is still to come of the order: its lines' allocated and waiting pieces. */
function stillToCome(order: MailOrder): string[] {
  const open = order.lines.filter((line) => Number(line.allocated) + Number(line.backordered) > 0);
  if (open.length === 0) return ['This was the last shipment of your order.'];
  return [
    'Still to come:',
    ...open.map((line) => `  ${line.part_name}: ${pcs(Number(line.allocated) + Number(line.backordered))}`),
  ];
}

/** Sent at each shipment of an order: who carries it, its tracking number and its parts. */
export function shipmentSentMail(order: MailOrder, shipment: MailShipment, publicUrl?: string): MailContent {
  const names = new Map(order.lines.map((line) => [line.part_id, line.part_name]));
  return toBuyer(order, `Your order ${numbered(order)}: a shipment is on its way`, [
    'a shipment of your order is on its way.',
    '',
    `Carrier:         ${shipment.carrier}`,
    `Tracking number: ${shipment.tracking_number}`,
    `Shipped:         ${shipment.shipped_at.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    'In this shipment:',
    ...shipment.lines.map((line) => `  ${names.get(line.part_id) ?? line.part_id}: ${pcs(line.quantity)}`),
    '',
    ...stillToCome(order),
    '',
    `Follow it in your orders: ${myOrders(publicUrl)}`,
  ]);
}

/** Sent when the last waiting pieces of an order arrived: every piece is set aside for it. */
export function backorderReadyMail(order: MailOrder, publicUrl?: string): MailContent {
  return toBuyer(order, `Your order ${numbered(order)}: every piece is here`, [
    'the pieces your order was waiting for have arrived and are set aside for it.',
    order.paid_at || order.due_date ? 'We ship them next.' : 'It ships once it is paid.',
    '',
    ...order.lines.map((line) => `  ${line.part_name}: ${pcs(Number(line.allocated))}`),
    '',
    `Your orders: ${myOrders(publicUrl)}`,
  ]);
}
