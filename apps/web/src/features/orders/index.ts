/**
 * What other features may use of orders: one order and its lines (the payment page), and where an
 * order's pieces are, with dropping waiting ones (a company's orders).
 */
export { useOrder } from './api/orders';
export { OrderDelivery, useDropWaitingAction } from './components/order-delivery';
export { OrderLineList, PoNumber } from './components/order-lines';
