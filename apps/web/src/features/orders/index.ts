/** What other features may use of orders: one order and its lines (the payment page). */
export { useOrder } from './api/orders';
export { OrderLineList, PoNumber } from './components/order-lines';
