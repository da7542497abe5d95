import type { Seller } from '../../seller-config.js';

/** What an invoice says; money in whole dollars, times as ISO 8601 UTC. */
export interface InvoiceContent {
  number: string;
  issuedAt: string;
  /** Who is owed: the shop's legal entity, its tax ID and bank account (configuration). */
  seller: Seller;
  /** When it was paid; none while a net-30 invoice is open. */
  paidAt?: string | undefined;
  /** The buyer; `address` is the billing address (the order's). */
  buyer: { name: string; email: string; mobile: string; address: string };
  /** The buyer's company, for an order of a company member. */
  company?: { name: string; vatId?: string | undefined } | undefined;
  /** A net-30 invoice: payable on account by then. */
  dueDate?: string | undefined;
  /** A net-30 invoice paid by bank transfer: the reference the shop recorded. */
  settlementReference?: string | undefined;
  /** The order's own number (SO-000123). */
  orderNumber: string;
  /** The buyer's purchase order number, when they gave one. */
  poNumber?: string | undefined;
  /** Every line of the order, in its order. */
  lines: InvoiceLine[];
  /** The order's total: the sum of its lines' prices. */
  total: number;
  /** The card payment's id (none for a net-30 invoice). */
  paymentId?: string | undefined;
  /** A credit note: the invoice it credits (its lines are the pieces credited, its total the credit). */
  credits?: string | undefined;
  /** Where the order's shipment is, when the invoice is made (left out: not said). */
  fulfilment?: InvoiceFulfilment | undefined;
}

/** The order's fulfilment as the invoice states it. */
export interface InvoiceFulfilment {
  status: 'unfulfilled' | 'partially_shipped' | 'shipped' | 'delivered';
  carrier?: string | undefined;
  trackingNumber?: string | undefined;
  shippedAt?: string | undefined;
  deliveredAt?: string | undefined;
}

export interface InvoiceLine {
  part: string;
  quantity: number;
  unitPrice: number;
  price: number;
  /** The buyer's reference for the line (designators, a cost code), when they gave one. */
  reference?: string | undefined;
  /** The buyer's own number for the part when the order was placed. */
  customerPartNumber?: string | undefined;
}

/**
 * What the shop's papers print under a line's part: the buyer's own number for the part and their
 * reference for the line, each when there is one.
 */
export const lineReferences = (line: Pick<InvoiceLine, 'customerPartNumber' | 'reference'>): string[] => [
  ...(line.customerPartNumber ? [`Your part number: ${line.customerPartNumber}`] : []),
  ...(line.reference ? [`Ref: ${line.reference}`] : []),
];

/** A line's Part cell on the invoice and the packing slip: the part's name, its references under it. */
export const partCell = (line: Pick<InvoiceLine, 'part' | 'customerPartNumber' | 'reference'>) =>
  [line.part, ...lineReferences(line)].join('\n');

const count = new Intl.NumberFormat('en-US');
/** Whole dollars, as the web app shows them ($1,234); the shop's money is never a fraction. */
export const dollars = (amount: number) => `$${count.format(amount)}`;
export const pieces = (quantity: number) => `${count.format(quantity)} pcs`;
export const day = (iso: string) => iso.slice(0, 10);
export const minute = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** The invoice's line about the shipment: not shipped yet, shipped (by whom, tracking), delivered. */
export function shipmentText(fulfilment: InvoiceFulfilment): string {
  if (fulfilment.status === 'unfulfilled') return 'Shipment: not shipped yet';
  const shipped = [
    fulfilment.shippedAt ? `shipped on ${day(fulfilment.shippedAt)}` : 'shipped',
    fulfilment.carrier ? ` by ${fulfilment.carrier}` : '',
    fulfilment.trackingNumber ? `, tracking number ${fulfilment.trackingNumber}` : '',
  ].join('');
  if (fulfilment.status === 'shipped') return `Shipment: ${shipped}`;
  if (fulfilment.status === 'partially_shipped') return `Shipment: partly ${shipped}; the rest follows`;
  const delivered = fulfilment.deliveredAt ? `delivered on ${day(fulfilment.deliveredAt)}` : 'delivered';
  return `Shipment: ${delivered} (${shipped})`;
}
