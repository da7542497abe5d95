/** What other features may use of orders: one order (the payment page). */
export { useOrder } from './api/orders';
