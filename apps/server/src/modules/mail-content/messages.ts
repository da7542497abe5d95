import type { OrderRow, QuotesTable } from '../../db/schema.js';
import { type Invoice, lineReferences } from '../invoices/index.js';
import type { MailContent } from '../mail/index.js';
import { formatOrderNumber, type OrderLineRow } from '../orders/index.js';
import type { QuoteLineRow } from '../quotes/index.js';

export const SHOP_NAME = 'Electronics Tools Manufacturers';

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const count = new Intl.NumberFormat('en-US');

/** An order and its lines, as the mails tell of it. */
export type MailOrder = OrderRow & { lines: readonly OrderLineRow[] };

export const pcs = (quantity: number | string) => `${count.format(Number(quantity))} pcs`;

/** The order's number, as every subject about an order names it first. */
export const numbered = (order: MailOrder) => formatOrderNumber(order.number);

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

/** A line's references (the buyer's part number, their reference), each under the part, indented. */
const referencesOf = (line: OrderLineRow | undefined, indent: number) =>
  lineReferences({
    customerPartNumber: line?.customer_part_number ?? undefined,
    reference: line?.reference ?? undefined,
  }).map((text) => `${' '.repeat(indent)}${text}`);

/** The order as a buyer reads it in a mail: plain text lines, one part's or every line's. */
function orderLines(order: MailOrder): string[] {
  const [only, ...more] = order.lines;
  const parts =
    only && more.length > 0
      ? [
          'Parts:',
          ...order.lines.flatMap((line, index) => {
            const item = `  ${index + 1}. `;
            return [
              `${item}${line.part_name}: ${pcs(line.quantity)} × ${dollars.format(Number(line.unit_price))} = ${dollars.format(Number(line.price))}`,
              ...referencesOf(line, item.length),
            ];
          }),
        ]
      : [
          `Part:       ${only?.part_name ?? order.part_name}`,
          ...referencesOf(only, 'Part:       '.length),
          `Quantity:   ${pcs(only?.quantity ?? order.quantity)}`,
          `Unit price: ${dollars.format(Number(only?.unit_price ?? order.unit_price))}`,
        ];
  return [
    `Order:      ${formatOrderNumber(order.number)}`,
    ...(order.po_number ? [`PO number:  ${order.po_number}`] : []),
    ...parts,
    `Total:      ${dollars.format(Number(order.price))}`,
    `Mobile:     ${order.mobile}`,
    `Address:    ${order.address}`,
  ];
}

export const myOrders = (publicUrl: string | undefined) =>
  publicUrl ? `${publicUrl}/dashboard/my-order` : 'My Order in your dashboard';
const day = (iso: string | null) => (iso ?? '').slice(0, 10);

/** A mail to an order's buyer: the greeting, `body`, the shop's name; the invoice attached, if any. */
export function toBuyer(order: MailOrder, subject: string, body: string[], invoice?: Invoice): MailContent {
  return {
    subject,
    text: [`Dear ${order.user_name},`, '', ...body, '', SHOP_NAME].join('\n'),
    ...(invoice
      ? {
          attachments: [{ filename: invoice.filename, content: invoice.pdf, contentType: 'application/pdf' }],
        }
      : {}),
  };
}

/** Sent when an order is placed: its pieces are reserved, and it waits for payment. */
export function orderPlacedMail(order: MailOrder, publicUrl?: string): MailContent {
  return toBuyer(order, `Order received: ${numbered(order)}, ${whatWasOrdered(order)}`, [
    ...(order.approval === 'pending'
      ? [
          "thank you for your order. Its pieces are reserved for you. It takes you past your month's",
          "spending limit, so it waits for your company admin's approval; we will write when they decide.",
        ]
      : order.due_date
        ? [
            'thank you for your order. It is confirmed and invoiced to your company on account',
            '(net 30): the invoice follows in a separate mail.',
          ]
        : [
            'thank you for your order. Its pieces are reserved for you; please pay for it to confirm it',
            `(${myOrders(publicUrl)}).`,
          ]),
    '',
    ...orderLines(order),
  ]);
}

/** Sent when an order is paid, with its invoice. */
export function paymentReceiptMail(
  order: MailOrder,
  invoice: Invoice | undefined,
  publicUrl?: string,
): MailContent {
  return toBuyer(
    order,
    invoice
      ? `Payment received for ${numbered(order)}, invoice ${invoice.number}: ${whatWasBought(order)}`
      : `Payment received for ${numbered(order)}: ${whatWasBought(order)}`,
    [
      `we have received your payment of ${dollars.format(Number(order.price))}. Your order is confirmed.`,
      ...(invoice ? [`The invoice ${invoice.number} is attached.`] : []),
      '',
      ...orderLines(order),
      order.settlement_reference
        ? `Bank reference: ${order.settlement_reference}`
        : `Payment:    ${order.payment_id ?? ''}`,
      `Paid:       ${order.paid_at ?? ''}`,
      '',
      `Your orders: ${myOrders(publicUrl)}`,
    ],
    invoice,
  );
}

/** Sent when the shop ships an order: who carries it and its tracking number. */
export function orderShippedMail(order: MailOrder, publicUrl?: string): MailContent {
  return toBuyer(order, `Your order ${numbered(order)} has shipped: ${whatWasBought(order)}`, [
    'your order is on its way.',
    '',
    `Carrier:         ${order.carrier ?? ''}`,
    `Tracking number: ${order.tracking_number ?? ''}`,
    ...(order.shipped_at ? [`Shipped:         ${order.shipped_at.slice(0, 16).replace('T', ' ')} UTC`] : []),
    '',
    ...orderLines(order),
    '',
    `Follow it in your orders: ${myOrders(publicUrl)}`,
  ]);
}

/** A letter to `name` around one link: why it came, the link, what to do if it was not asked for. */
function linkMail(subject: string, name: string, why: string[], link: string, ifNot: string): MailContent {
  return {
    subject,
    text: [`Dear ${name},`, '', ...why, '', link, '', ifNot, '', SHOP_NAME].join('\n'),
  };
}

/** The mail with a link to verify the account's email (after sign-up, or asked again). */
export function verifyEmailMail(name: string, link: string): MailContent {
  return linkMail(
    `Verify your email for ${SHOP_NAME}`,
    name,
    [
      'please confirm that this email address is yours by opening this link (it works once,',
      'for 48 hours):',
    ],
    link,
    'If you did not sign up at our shop, you can ignore this mail.',
  );
}

/** The mail with a link to choose a new password. */
export function passwordResetMail(name: string, link: string): MailContent {
  return linkMail(
    `Reset your password for ${SHOP_NAME}`,
    name,
    [
      'someone (we hope you) asked to reset the password of your account. Choose a new one by',
      'opening this link (it works once, for one hour):',
    ],
    link,
    'If you did not ask for this, you can ignore this mail: your password stays as it is.',
  );
}

/** A quote and its lines, as the quote's mails tell of it. */
export type MailQuote = QuotesTable & { lines: readonly QuoteLineRow[] };

/** The quote's page on the shop (absolute, on `origin`), else where to find it in words. */
export const quotePage = (quoteId: string, origin: string | undefined) =>
  origin ? `${origin}/dashboard/quotes/${quoteId}` : 'Quotes in your dashboard';

const quoteTotal = (quote: MailQuote) =>
  quote.lines.reduce((sum, line) => sum + Number(line.unit_price ?? 0) * Number(line.quantity), 0);

/** The quote's lines, with their prices once offered. */
function quoteLines(quote: MailQuote): string[] {
  return [
    'Parts:',
    ...quote.lines.map((line, index) =>
      line.unit_price === null
        ? `  ${index + 1}. ${line.part_name}: ${pcs(line.quantity)}`
        : `  ${index + 1}. ${line.part_name}: ${pcs(line.quantity)} × ${dollars.format(Number(line.unit_price))} = ${dollars.format(Number(line.unit_price) * Number(line.quantity))}`,
    ),
  ];
}

/** What a quote asks for, in a few words for a subject: as an order's. */
function whatIsAsked(quote: MailQuote): string {
  const [only, ...more] = quote.lines;
  if (!only) return 'no parts';
  if (more.length === 0) return `${pcs(only.quantity)} of ${only.part_name}`;
  const pieces = quote.lines.reduce((sum, line) => sum + Number(line.quantity), 0);
  return `${count.format(quote.lines.length)} parts, ${pcs(pieces)}`;
}

/** Sent to the buyer when the shop makes (or replaces) its offer on their quote. */
export function quoteOfferedMail(quote: MailQuote, origin?: string): MailContent {
  const total = quoteTotal(quote);
  return {
    subject: `Your quote: our offer of ${dollars.format(total)}`,
    text: [
      `Dear ${quote.user_name},`,
      '',
      `here is our offer for your quote, valid until ${quote.valid_until ?? ''} (UTC). Accept it to`,
      "order at these prices on the quote's page:",
      '',
      quotePage(quote.id, origin),
      '',
      ...quoteLines(quote),
      `Total: ${dollars.format(total)}`,
      '',
      SHOP_NAME,
    ].join('\n'),
  };
}

/** What a company invitation's mail tells: who invites, to which company, in which role. */
export interface MailInvitation {
  companyName: string;
  inviterName: string | null;
  role: 'admin' | 'buyer';
  expiresAt: string;
}

/** The mail inviting someone to buy with a company at the shop (a one-use link, 7 days). */
export function companyInvitationMail(invitation: MailInvitation, link: string): MailContent {
  const as = invitation.role === 'admin' ? 'an admin' : 'a buyer';
  return {
    subject: `Join ${invitation.companyName} at ${SHOP_NAME}`,
    text: [
      'Hello,',
      '',
      `${invitation.inviterName ?? 'A colleague'} invites you to buy for ${invitation.companyName} at our shop,`,
      `as ${as}. Join by opening this link (it works once, until ${invitation.expiresAt} UTC):`,
      '',
      link,
      '',
      'Sign in with this email address, or sign up with it and verify it first.',
      'If you do not know this company, you can ignore this mail.',
      '',
      SHOP_NAME,
    ].join('\n'),
  };
}

/** Sent to each of the shop's admins when a buyer asks for a quote. */
export function quoteRequestedMail(quote: MailQuote, message: string, origin?: string): MailContent {
  return {
    subject: `Quote requested by ${quote.user_name}: ${whatIsAsked(quote)}`,
    text: [
      `${quote.user_name} (${quote.email}) asks for a price. Make an offer on the quote's page:`,
      '',
      quotePage(quote.id, origin),
      '',
      ...quoteLines(quote),
      '',
      'Their message:',
      ...message.split('\n').map((line) => `  ${line}`),
      '',
      SHOP_NAME,
    ].join('\n'),
  };
}

/** The order an accepted quote made: its id (for the payment page's address) and its number. */
export interface AcceptedOrder {
  id: string;
  number: number;
}

/** The end of both mails of an accepted quote: the order it made, its lines and total, the quote. */
function acceptedOrder(quote: MailQuote, order: AcceptedOrder, origin: string | undefined): string[] {
  return [
    `Order:      ${formatOrderNumber(order.number)}`,
    ...quoteLines(quote),
    `Total:      ${dollars.format(quoteTotal(quote))}`,
    '',
    `The quote: ${quotePage(quote.id, origin)}`,
    '',
    SHOP_NAME,
  ];
}

/** Sent to the buyer when they accept the shop's offer: the order it made, to pay. */
export function quoteAcceptedMail(quote: MailQuote, order: AcceptedOrder, origin?: string): MailContent {
  const number = formatOrderNumber(order.number);
  return {
    subject: `Quote accepted: order ${number}`,
    text: [
      `Dear ${quote.user_name},`,
      '',
      `you accepted our offer; it is now your order ${number} of ${dollars.format(quoteTotal(quote))}. Its`,
      'pieces are reserved for you; please pay for it to confirm it',
      `(${origin ? `${origin}/dashboard/payment/${order.id}` : 'My Order in your dashboard'}).`,
      '',
      ...acceptedOrder(quote, order, origin),
    ].join('\n'),
  };
}

/** Sent to each of the shop's admins when a buyer accepts an offer. */
export function quoteAcceptedAdminMail(quote: MailQuote, order: AcceptedOrder, origin?: string): MailContent {
  const number = formatOrderNumber(order.number);
  return {
    subject: `Quote accepted by ${quote.user_name}: order ${number}`,
    text: [
      `${quote.user_name} (${quote.email}) accepted the shop's offer of ${dollars.format(quoteTotal(quote))}; it is`,
      `now the order ${number}, waiting for payment.`,
      '',
      ...acceptedOrder(quote, order, origin),
    ].join('\n'),
  };
}

/** A letter to a company's admins about a member's order that waits for their approval. */
function toApprovers(order: MailOrder, subject: string, why: string[], publicUrl?: string): MailContent {
  return {
    subject: `${subject}${numbered(order)}, ${dollars.format(Number(order.price))} order by ${order.user_name}`,
    text: [
      'Hello,',
      '',
      ...why,
      `reject it in your company's orders (${publicUrl ? `${publicUrl}/dashboard` : 'your dashboard'}).`,
      '',
      ...orderLines(order),
      '',
      SHOP_NAME,
    ].join('\n'),
  };
}

/** Sent to each of the company's admins when a member's order waits for their approval. */
export function approvalNeededMail(order: MailOrder, publicUrl?: string): MailContent {
  return toApprovers(
    order,
    'Approval needed: ',
    [
      `${order.user_name} (${order.email}) placed an order that takes them past their monthly`,
      'spending limit. Its pieces are reserved; it can be paid only once you approve it. Approve or',
    ],
    publicUrl,
  );
}

/**
 * Sent to each of the company's admins when a member's order has waited for their approval half
 * the time it may hold its pieces.
 */
export function approvalReminderMail(order: MailOrder, publicUrl?: string): MailContent {
  return toApprovers(
    order,
    'Reminder: approval needed: ',
    [
      `${order.user_name} (${order.email}) placed this order on ${day(order.created_at)} (UTC); it takes them`,
      'past their monthly spending limit and still waits for your approval. An order that waits too',
      'long is released: its pieces go back to stock and it can no longer be approved. Approve or',
    ],
    publicUrl,
  );
}

/** Sent to the buyer when a company admin approves their order. */
export function orderApprovedMail(order: MailOrder, publicUrl?: string): MailContent {
  return toBuyer(order, `Order approved: ${numbered(order)}, ${whatWasOrdered(order)}`, [
    "your company's admin approved your order.",
    ...(order.due_date
      ? ['It is invoiced to your company on account (net 30): the invoice follows in a separate mail.']
      : [`Please pay for it to confirm it (${myOrders(publicUrl)}).`]),
    '',
    ...orderLines(order),
  ]);
}

/** Sent to the buyer when a company admin rejects their order. */
export function orderRejectedMail(order: MailOrder, publicUrl?: string): MailContent {
  return toBuyer(order, `Order rejected: ${numbered(order)}, ${whatWasOrdered(order)}`, [
    "your company's admin rejected your order. It will not be delivered, and nothing is owed for it.",
    `Your orders: ${myOrders(publicUrl)}`,
    '',
    ...orderLines(order),
  ]);
}

/** Sent to the buyer when the shop's admin rejects their order while it waits for approval. */
export function orderRejectedByShopMail(order: MailOrder, publicUrl?: string): MailContent {
  return toBuyer(order, `Order rejected: ${numbered(order)}, ${whatWasOrdered(order)}`, [
    "the shop rejected your order, which waited for your company's approval: its pieces went back to",
    'stock. It will not be delivered, and nothing is owed for it.',
    `Your orders: ${myOrders(publicUrl)}`,
    '',
    ...orderLines(order),
  ]);
}

/** Sent to the buyer when a net-30 order is invoiced, with its invoice. */
export function orderInvoicedMail(
  order: MailOrder,
  invoice: Invoice | undefined,
  publicUrl?: string,
): MailContent {
  return toBuyer(
    order,
    `Invoice ${invoice?.number ?? ''} for ${numbered(order)}: ${dollars.format(Number(order.price))} due ${day(order.due_date)}`,
    [
      `your order is invoiced to your company on account. Please pay ${dollars.format(Number(order.price))}`,
      `by bank transfer by ${day(order.due_date)} (UTC), quoting the invoice number.`,
      '',
      `Invoice:    ${invoice?.number ?? ''}`,
      `Due date:   ${day(order.due_date)}`,
      ...orderLines(order),
      '',
      `Your orders: ${myOrders(publicUrl)}`,
    ],
    invoice,
  );
}

/** Sent once to the buyer when a net-30 invoice is past its due date and unpaid. */
export function invoiceOverdueMail(order: MailOrder, invoice: Invoice | undefined): MailContent {
  return toBuyer(
    order,
    `Overdue: invoice ${invoice?.number ?? ''} for ${numbered(order)} was due ${day(order.due_date)}`,
    [
      `our invoice ${invoice?.number ?? ''} of ${dollars.format(Number(order.price))} was due on ${day(order.due_date)} (UTC)`,
      'and we have not received its payment yet. Please pay it by bank transfer, quoting the',
      'invoice number. If you have paid it already, thank you, and please ignore this mail.',
      '',
      ...orderLines(order),
    ],
    invoice,
  );
}
