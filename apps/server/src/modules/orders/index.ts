/**
 * What other modules and the app may use of orders: placing and releasing them, the company
 * orders' background work, and the reads and writes payments, fulfilment, invoices and the
 * overview make of an order.
 */
export { mailOverdueInvoices, remindApprovers } from './company-orders.js';
export { assignInvoice, formatInvoiceNumber } from './invoice-numbers.js';
export { orderBackgroundTasks, orderDeps, orderRoutesPlugin } from './plugin.js';
export {
  awaitingApproval,
  awaitingShipment,
  cardPayable,
  findOrder,
  holdsPiecesUnpaid,
  invoicedUnpaid,
  linesOf,
  lockBuyer,
  moveTotals,
  type OrderLineRow,
  overdue,
  reopenExpiredOrder,
  retakeLines,
  setExpired,
  shippable,
  unpaid,
} from './repository.js';
export {
  type AgreedOrder,
  fulfilmentOf,
  getOrder,
  type OrderDeps,
  orderExpired,
  orderRefusal,
  placeOrder,
  releaseStaleOrders,
  writeOrder,
} from './service.js';
