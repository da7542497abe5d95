/** What other features may use of payments: the link to pay an order. */
export { PayLink } from './components/pay-link';
