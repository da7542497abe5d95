/**
 * What other modules and the app may use of orders: placing and releasing them, the company
 * orders' background work, what a card payment does to an order, the reads payments,
 * fulfilment, invoices and mails make of one, and the order states every query names
 * (predicates.ts).
 */

export type { OrderLineRow } from '../../db/schema.js';
export { type Allocation, fillBackorders, mailReady, serveWaiting } from './backorders.js';
export { type CardPayment, type LatePayment, markPaid, payByCard, payExpiredOrder } from './card-payment.js';
export { mailOverdueInvoices, remindApprovers } from './company-orders.js';
export { dropBackorder } from './drop-backorder.js';
export { formatCreditNoteNumber, formatInvoiceNumber, formatOrderNumber } from './numbers.js';
export { findCreditNote, findShipment } from './order-extras.js';
export { orderBackgroundTasks, orderDeps, orderRoutesPlugin } from './plugin.js';
export {
  awaitingApproval,
  awaitingShipment,
  cancelled,
  cardPayable,
  holdsPiecesUnpaid,
  invoicedUnpaid,
  notCancelled,
  overdue,
  shippable,
  unpaid,
} from './predicates.js';
export { orderLines, readOrder } from './reads.js';
export {
  type AgreedOrder,
  fulfilmentOf,
  getOrder,
  type OrderDeps,
  orderById,
  orderCancelled,
  orderExpired,
  orderRefusal,
  placeOrder,
  releaseStaleOrders,
  writeOrder,
} from './service.js';
export { lockParts } from './stock.js';
