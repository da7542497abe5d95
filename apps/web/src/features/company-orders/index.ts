/**
 * What other features may use of company orders: a company's orders and approvals (the Company
 * page), where an order stands with its company or its 30-day terms (My Order, Manage All Order,
 * the payment page) and the overview's overdue invoices.
 */
export { CardPaymentRefusal } from './components/card-payment-refusal';
export { CompanyOrders } from './components/company-orders';
export { LinkedOrder } from './components/linked-order';
export { type OverdueInvoices, OverdueInvoicesPanel } from './components/overdue-invoices';
export { AdminOrderStanding } from './components/record-payment';
export { ApprovalNote, BuyerOrderStanding, StandingBadge, standsWithCompany } from './components/standing';
export { cardPaymentRefusal, orderStanding } from './order-status';
