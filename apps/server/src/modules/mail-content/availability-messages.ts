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

/** Sent when the waiting pieces of a line arrived: they are set aside; what else still waits. */
export function backorderReadyMail(order: MailOrder, partId: string, publicUrl?: string): MailContent {
  const line = order.lines.find((l) => l.part_id === partId);
  const name = line?.part_name ?? order.part_name;
  const waiting = order.lines.filter((l) => Number(l.backordered) > 0);
  return toBuyer(order, `Your order ${numbered(order)}: ${name} is here`, [
    `the pieces of ${name} your order was waiting for have arrived and are set aside for it.`,
    order.paid_at || order.due_date ? 'We ship them next.' : 'They ship once the order is paid.',
    '',
    ...(waiting.length === 0
      ? ['Every piece of your order is here now.']
      : ['Still waiting:', ...waiting.map((l) => `  ${l.part_name}: ${pcs(Number(l.backordered))}`)]),
    '',
    `Your orders: ${myOrders(publicUrl)}`,
  ]);
}
