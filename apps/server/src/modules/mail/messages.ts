import type { OrderRow } from '../../db/schema.js';
import type { Invoice } from '../invoices/service.js';

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

/** The order as a buyer reads it in a mail: plain text lines. */
function orderLines(order: OrderRow): string[] {
  return [
    `Order:      ${order.id}`,
    `Part:       ${order.part_name}`,
    `Quantity:   ${count.format(Number(order.quantity))} pcs`,
    `Unit price: ${dollars.format(Number(order.unit_price))}`,
    `Total:      ${dollars.format(Number(order.price))}`,
    `Mobile:     ${order.mobile}`,
    `Address:    ${order.address}`,
  ];
}

const myOrders = (publicUrl: string | undefined) =>
  publicUrl ? `${publicUrl}/dashboard/my-order` : 'My Order in your dashboard';

/** Sent when an order is placed: its pieces are reserved, and it waits for payment. */
export function orderPlacedMail(order: OrderRow, publicUrl?: string): MailContent {
  return {
    subject: `Order received: ${count.format(Number(order.quantity))} pcs of ${order.part_name}`,
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
  order: OrderRow,
  invoice: Invoice | undefined,
  publicUrl?: string,
): MailContent {
  return {
    subject: invoice
      ? `Payment received, invoice ${invoice.number}: ${order.part_name}`
      : `Payment received: ${order.part_name}`,
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
