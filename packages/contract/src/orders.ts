import { z } from 'zod';
import { Shipment } from './availability.js';
import { MAX_ORDER_LINES, MAX_REFERENCE } from './order-limits.js';
import { MAX_QUANTITY } from './parts.js';
import {
  eachPartOnce,
  Id,
  line,
  NO_CONTROL_MESSAGE,
  noControlCharacters,
  Paging,
  text,
  wholeNumber,
} from './primitives.js';
import { Mobile } from './users.js';

/** One part of an order, at the unit price its quantity reached when the order was placed. */
export const OrderLine = z.object({
  partsId: Id,
  partsName: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int().describe('whole dollars a piece: the price break the quantity reached'),
  price: z
    .number()
    .int()
    .describe('quantity × unitPrice, whole dollars (of an unpaid order: less its dropped pieces)'),
  customerPartNumber: z
    .string()
    .optional()
    .describe("the buyer's (or their company's) own number for the part when the order was placed"),
  reference: z.string().optional().describe("the buyer's reference for the line (designators, a cost code)"),
  allocated: z.number().int().describe('pieces set aside from stock for the line, not shipped yet'),
  backordered: z.number().int().describe('pieces the line waits for (incoming or on lead time)'),
  shipped: z.number().int().describe('pieces sent in its shipments'),
  dropped: z
    .number()
    .int()
    .describe(
      'waiting pieces the buyer dropped: unpaid, the line price no longer counts them; paid or invoiced, they are refunded or credited',
    ),
  expectedAt: z
    .string()
    .optional()
    .describe('while pieces wait: the day the last of them is expected (YYYY-MM-DD), when known'),
});
export type OrderLine = z.infer<typeof OrderLine>;

/** An order's life after payment (docs/product.md, fulfilment). */
export const FULFILMENT_STATUSES = ['unfulfilled', 'partially_shipped', 'shipped', 'delivered'] as const;
export const FulfilmentStatus = z.enum(FULFILMENT_STATUSES, {
  error: `must be one of ${FULFILMENT_STATUSES.join(', ')}`,
});
export type FulfilmentStatus = z.infer<typeof FulfilmentStatus>;

export const Fulfilment = z.object({
  status: FulfilmentStatus,
  carrier: z.string().optional(),
  trackingNumber: z.string().optional(),
  shippedAt: z.string().optional(),
  deliveredAt: z.string().optional(),
  shipments: z.array(Shipment).describe('the parcels the order was sent in, first shipped first'),
});
export type Fulfilment = z.infer<typeof Fulfilment>;

/** Money owed back for dropped waiting pieces: a card refund due, or a credit note on account. */
export const OrderAdjustment = z.object({
  kind: z.enum(['refund_due', 'credit_note']),
  amount: z.number().int().describe('whole dollars'),
  number: z.string().optional().describe("a credit note's number, e.g. CN-000007"),
  createdAt: z.string(),
});
export type OrderAdjustment = z.infer<typeof OrderAdjustment>;

/** A company member's order over their month's limit waits for a company admin. */
export const ORDER_APPROVALS = ['pending', 'approved', 'rejected'] as const;
export const OrderApproval = z.enum(ORDER_APPROVALS);
export type OrderApproval = z.infer<typeof OrderApproval>;

/** How an order number is written: SO- and six digits (more once the shop passes 999,999). */
export function formatOrderNumber(number: number): string {
  return `SO-${String(number).padStart(6, '0')}`;
}

export const Order = z.object({
  _id: Id,
  userName: z.string(),
  email: z.string(),
  partsId: Id,
  partsName: z.string(),
  price: z.number().int().describe("the order's total: the sum of its lines' prices, whole dollars"),
  quantity: z.number().int().describe("the first line's quantity (partsId and partsName name its part)"),
  lines: z.array(OrderLine).describe('every part of the order, in the order they were sent'),
  poNumber: z.string().optional().describe("the buyer's purchase order number"),
  mobile: z.string(),
  address: z.string(),
  paymentId: z.string().optional(),
  invoiceNumber: z.string().optional().describe('the invoice of a paid order, e.g. INV-000042'),
  number: z.string().describe("the order's own number, e.g. SO-000123: sequential, never reused"),
  createdAt: z.string(),
  expiredAt: z
    .string()
    .optional()
    .describe('an unpaid order whose time ran out: its pieces went back to stock, it can no longer be paid'),
  paidAt: z.string().optional().describe('when it was paid (ISO 8601); left out while unpaid'),
  fulfilment: Fulfilment.describe('unfulfilled until the shop ships it, then shipped, then delivered'),
  companyId: Id.optional().describe("the buyer's company when the order was placed"),
  companyName: z
    .string()
    .optional()
    .describe("that company's name as it is now (in the lists and an order's own read), where to ship it"),
  approval: OrderApproval.optional().describe(
    "a company order over the buyer's monthly limit: pending until a company admin approves or rejects it",
  ),
  dueDate: z.string().optional().describe('a net-30 order: its invoice falls due then (ISO 8601)'),
  status: z
    .enum(['cancelled'])
    .optional()
    .describe(
      'cancelled: its buyer (or an admin) cancelled it unpaid and its pieces went back to stock; left out for every other order (paidAt, expiredAt, approval and fulfilment tell where it stands)',
    ),
  cancelledAt: z.string().optional().describe('when it was cancelled (ISO 8601), with status cancelled'),
  shipComplete: z.boolean().describe('ships only whole, once no piece waits; false: what is there ships'),
  adjustments: z
    .array(OrderAdjustment)
    .optional()
    .describe('refunds due and credit notes for waiting pieces dropped after it was paid or invoiced'),
});
export type Order = z.infer<typeof Order>;
export const OrderList = z.array(Order);

/**
 * Which orders a list holds: left out, every order that was not cancelled (the lists as they
 * always were); `cancelled`, the cancelled ones alone.
 */
export const OrderStatusFilter = z.object({
  status: z
    .enum(['cancelled'], { error: 'must be cancelled' })
    .optional()
    .describe('cancelled: only the cancelled orders; left out: every order not cancelled'),
});
export type OrderStatusFilter = z.output<typeof OrderStatusFilter>;

/** A buyer's orders: a page, of the cancelled ones if asked. */
export const OrdersQuery = Paging.extend(OrderStatusFilter.shape);

const filterText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine(noControlCharacters, NO_CONTROL_MESSAGE)
    .optional();

/**
 * The states Manage All Order filters by (docs/api.md): where an order is on its way, first, then
 * its payment alone. An order may be in several: a net-30 invoice is to pay and to ship at once.
 */
export const ORDER_STATES = [
  'to_pay',
  'to_approve',
  'to_ship',
  'ready_to_ship',
  'shipped',
  'paid',
  'unpaid',
  'expired',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/**
 * Manage All Order's filters: the order's state, part of the buyer's email, part of the part's name;
 * the cancelled orders instead of the others.
 */
export const OrderFilters = z.object({
  state: z
    .enum(ORDER_STATES, { error: `must be one of ${ORDER_STATES.join(', ')}` })
    .optional()
    .describe(
      "to_pay: unpaid, not expired, waiting for no company approval (a card's or a net-30 invoice's payment); to_approve: waiting for a company admin's approval; to_ship: paid or invoiced on net 30, not shipped yet; ready_to_ship: paid or invoiced with pieces allocated and not shipped (an order that ships complete: once none waits), the warehouse's working list; shipped: shipped or delivered; paid; unpaid: neither paid nor expired; expired",
    ),
  buyer: filterText(254),
  part: filterText(200),
  q: filterText(200).describe(
    "an order number (SO-000123, or 123); any other text: a piece of the buyer's email or name or of their company's name",
  ),
  ...OrderStatusFilter.shape,
});
export type OrderFilters = z.output<typeof OrderFilters>;
export const AllOrdersQuery = Paging.extend(OrderFilters.shape);

/**
 * docs/product.md's purchase body. The buyer (userName, email) comes from the token and the part's name
 * and price from the database: those fields may be sent, and are ignored.
 */
export const PurchaseBody = z.object({
  partsId: Id,
  quantity: wholeNumber({ min: 1, max: MAX_QUANTITY }),
  mobile: Mobile,
  address: text({ min: 1, max: 500 }),
});
export type PurchaseBody = z.output<typeof PurchaseBody>;
export type PurchaseInput = z.input<typeof PurchaseBody>;

export { MAX_ORDER_LINES, MAX_REFERENCE, OUT_OF_RANGE_MESSAGE } from './order-limits.js';

/** A line's reference: the buyer's designators or cost code, one line of at most MAX_REFERENCE characters. */
export const LineReference = line({ min: 0, max: MAX_REFERENCE }).describe(
  `the buyer's reference for the line (designators, a cost code), at most ${MAX_REFERENCE} characters (longer → 400, never cut); printed on the invoice and the packing slip; empty: none`,
);

export const LineInput = z.object({
  partsId: Id,
  quantity: wholeNumber({ min: 1, max: MAX_QUANTITY }),
  reference: LineReference.optional(),
});
export type LineInput = z.output<typeof LineInput>;

/** 1 to `max` lines, each part at most once (a list's or an order's lines). */
export function partLines(min: number, max: number) {
  return z
    .array(LineInput, { error: 'must be a list of lines' })
    .min(min, min === 1 ? 'must have at least one line' : `must have at least ${min} lines`)
    .max(max, `must have at most ${max} lines`)
    .superRefine(eachPartOnce);
}

/** `POST /api/orders`: every line priced and taken from stock together, or none. */
export const OrderBody = z.object({
  lines: partLines(1, MAX_ORDER_LINES),
  mobile: Mobile,
  address: text({ min: 1, max: 500 }),
  poNumber: line({ min: 1, max: 50 }).optional().describe("the buyer's purchase order number"),
  shipComplete: z
    .boolean({ error: 'must be true or false' })
    .optional()
    .describe('true: ship only whole, once no piece waits; left out or false: ship what is there'),
});
export type OrderBody = z.output<typeof OrderBody>;
export type OrderInput = z.input<typeof OrderBody>;

export const OrderIdParams = z.object({ id: Id });

/** An unpaid order that ran out of time can be neither paid nor cancelled. */
export const ORDER_EXPIRED_MESSAGE =
  'This order has expired: its pieces went back to stock. Buy again to order them.';

/** A cancelled order stays readable, but can be neither paid, cancelled again, decided nor shipped. */
export const ORDER_CANCELLED_MESSAGE = 'This order was cancelled: its pieces went back to stock.';

/** The buyer holds as many unpaid orders as the shop allows at once. */
export const tooManyUnpaidMessage = (count: number) =>
  `You have ${count} unpaid orders. Pay or cancel one before placing another.`;

/** A net-30 order is billed once invoiced: its invoice's number stays, so it is never cancelled. */
export const INVOICED_NOT_CANCELLABLE_MESSAGE =
  'An invoiced order cannot be cancelled: it is billed on 30-day terms. Ask the shop for a credit note.';

/** An account nobody verified holds as much in unpaid orders as the shop allows it. */
export const unverifiedHoldMessage = (dollars: number) =>
  `Unpaid orders of an account whose email is not verified may hold at most $${dollars.toLocaleString('en-US')} together. Verify your email, or pay or cancel an order first.`;

/** `GET /api/companies/{id}/orders`: a page of the company's orders, or only those waiting for approval. */
export const CompanyOrdersQuery = Paging.extend({
  approval: z.enum(['pending'], { error: 'must be pending' }).optional(),
  ...OrderStatusFilter.shape,
});
export type CompanyOrdersQuery = z.output<typeof CompanyOrdersQuery>;

/** What paying by card answers for an order waiting for its company's approval. */
export const AWAITING_APPROVAL_MESSAGE =
  "This order waits for approval by your company's admin: it cannot be paid until it is approved";
