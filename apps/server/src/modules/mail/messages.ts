import type { OrderRow, QuotesTable } from '../../db/schema.js';
import type { Invoice } from '../invoices/service.js';
import type { OrderLineRow } from '../orders/repository.js';
import type { QuoteLineRow } from '../quotes/repository.js';

export const SHOP_NAME = 'Electronics Tools Manufacturers';

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const count = new Intl.NumberFormat('en-US');

export interface MailContent {
  subject: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** An order and its lines, as the mails tell of it. */
export type MailOrder = OrderRow & { lines: readonly OrderLineRow[] };

const pcs = (quantity: number | string) => `${count.format(Number(quantity))} pcs`;

/**
 * What was ordered, in a few words for a subject: the part and its pieces for one line
 * ("12 pcs of Soldering Station"), else how many parts and pieces in all ("3 parts, 1,250 pcs").
 */
function whatWasOrdered(order: MailOrder): string {
  const [only, ...more] = order.lines;
  if (!only) return `${pcs(order.quantity)} of ${order.part_name}`;
  if (more.length === 0) return `${pcs(only.quantity)} of ${only.part_name}`;
  const pieces = order.lines.reduce((sum, line) => sum + Number(line.quantity), 0);
  return `${count.format(order.lines.length)} parts, ${pcs(pieces)}`;
}

/** What was paid for, for a receipt's subject: the part of a one-line order, else as above. */
function whatWasBought(order: MailOrder): string {
  const [only, ...more] = order.lines;
  if (!only || more.length === 0) return only?.part_name ?? order.part_name;
  return whatWasOrdered(order);
}

/** The order as a buyer reads it in a mail: plain text lines, one part's or every line's. */
function orderLines(order: MailOrder): string[] {
  const [only, ...more] = order.lines;
  const parts =
    only && more.length > 0
      ? [
          'Parts:',
          ...order.lines.map(
            (line, index) =>
              `  ${index + 1}. ${line.part_name}: ${pcs(line.quantity)} × ${dollars.format(Number(line.unit_price))} = ${dollars.format(Number(line.price))}`,
          ),
        ]
      : [
          `Part:       ${only?.part_name ?? order.part_name}`,
          `Quantity:   ${pcs(only?.quantity ?? order.quantity)}`,
          `Unit price: ${dollars.format(Number(only?.unit_price ?? order.unit_price))}`,
        ];
  return [
    `Order:      ${order.id}`,
    ...(order.po_number ? [`PO number:  ${order.po_number}`] : []),
    ...parts,
    `Total:      ${dollars.format(Number(order.price))}`,
    `Mobile:     ${order.mobile}`,
    `Address:    ${order.address}`,
  ];
}

const myOrders = (publicUrl: string | undefined) =>
  publicUrl ? `${publicUrl}/dashboard/my-order` : 'My Order in your dashboard';

/** Sent when an order is placed: its pieces are reserved, and it waits for payment. */
export function orderPlacedMail(order: MailOrder, publicUrl?: string): MailContent {
  return {
    subject: `Order received: ${whatWasOrdered(order)}`,
    text: [
      `Dear ${order.user_name},`,
      '',
      'thank you for your order. Its pieces are reserved for you; please pay for it to confirm it',
      `(${myOrders(publicUrl)}).`,
      '',
      ...orderLines(order),
      '',
      SHOP_NAME,
    ].join('\n'),
  };
}

/** Sent when an order is paid, with its invoice. */
export function paymentReceiptMail(
  order: MailOrder,
  invoice: Invoice | undefined,
  publicUrl?: string,
): MailContent {
  return {
    subject: invoice
      ? `Payment received, invoice ${invoice.number}: ${whatWasBought(order)}`
      : `Payment received: ${whatWasBought(order)}`,
    text: [
      `Dear ${order.user_name},`,
      '',
      `we have received your payment of ${dollars.format(Number(order.price))}. Your order is confirmed.`,
      ...(invoice ? [`The invoice ${invoice.number} is attached.`] : []),
      '',
      ...orderLines(order),
      `Payment:    ${order.payment_id ?? ''}`,
      `Paid:       ${order.paid_at ?? ''}`,
      '',
      `Your orders: ${myOrders(publicUrl)}`,
      '',
      SHOP_NAME,
    ].join('\n'),
    ...(invoice
      ? {
          attachments: [{ filename: invoice.filename, content: invoice.pdf, contentType: 'application/pdf' }],
        }
      : {}),
  };
}

/** Sent when the shop ships an order: who carries it and its tracking number. */
export function orderShippedMail(order: MailOrder, publicUrl?: string): MailContent {
  return {
    subject: `Your order has shipped: ${whatWasBought(order)}`,
    text: [
      `Dear ${order.user_name},`,
      '',
      'your order is on its way.',
      '',
      `Carrier:         ${order.carrier ?? ''}`,
      `Tracking number: ${order.tracking_number ?? ''}`,
      ...(order.shipped_at
        ? [`Shipped:         ${order.shipped_at.slice(0, 16).replace('T', ' ')} UTC`]
        : []),
      '',
      ...orderLines(order),
      '',
      `Follow it in your orders: ${myOrders(publicUrl)}`,
      '',
      SHOP_NAME,
    ].join('\n'),
  };
}

/** The mail with a link to verify the account's email (after sign-up, or asked again). */
export function verifyEmailMail(name: string, link: string): MailContent {
  return {
    subject: `Verify your email for ${SHOP_NAME}`,
    text: [
      `Dear ${name},`,
      '',
      'please confirm that this email address is yours by opening this link (it works once,',
      'for 48 hours):',
      '',
      link,
      '',
      'If you did not sign up at our shop, you can ignore this mail.',
      '',
      SHOP_NAME,
    ].join('\n'),
  };
}

/** The mail with a link to choose a new password. */
export function passwordResetMail(name: string, link: string): MailContent {
  return {
    subject: `Reset your password for ${SHOP_NAME}`,
    text: [
      `Dear ${name},`,
      '',
      'someone (we hope you) asked to reset the password of your account. Choose a new one by',
      'opening this link (it works once, for one hour):',
      '',
      link,
      '',
      'If you did not ask for this, you can ignore this mail: your password stays as it is.',
      '',
      SHOP_NAME,
    ].join('\n'),
  };
}

/** A quote and its lines, as the offer's mail tells of it. */
export type MailQuote = QuotesTable & { lines: readonly QuoteLineRow[] };

/** Sent to the buyer when the shop makes (or replaces) its offer on their quote. */
export function quoteOfferedMail(quote: MailQuote, publicUrl?: string): MailContent {
  const total = quote.lines.reduce(
    (sum, line) => sum + Number(line.unit_price ?? 0) * Number(line.quantity),
    0,
  );
  return {
    subject: `Your quote: our offer of ${dollars.format(total)}`,
    text: [
      `Dear ${quote.user_name},`,
      '',
      `here is our offer for your quote, valid until ${quote.valid_until ?? ''} (UTC). Accept it to`,
      `order at these prices (${publicUrl ? `${publicUrl}/dashboard/quotes` : 'Quotes in your dashboard'}).`,
      '',
      'Parts:',
      ...quote.lines.map(
        (line, index) =>
          `  ${index + 1}. ${line.part_name}: ${pcs(line.quantity)} × ${dollars.format(Number(line.unit_price ?? 0))} = ${dollars.format(Number(line.unit_price ?? 0) * Number(line.quantity))}`,
      ),
      `Total: ${dollars.format(total)}`,
      '',
      SHOP_NAME,
    ].join('\n'),
  };
}
