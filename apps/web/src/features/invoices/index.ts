/**
 * What other features may use of invoices: the Invoice button of an order (My Order, the
 * company's orders, Manage All Order) and the one rule of when an order has an invoice.
 */
export { CreditNoteButton, InvoiceButton, ShipmentSlipButton } from './components/invoice-button';
export { hasInvoice } from './invoice-rule';
