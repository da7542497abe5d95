/** What other modules and the app may use of invoices: an order's invoice (its PDF), the routes. */
export { shipmentText } from './content.js';
export { invoiceRoutesPlugin } from './plugin.js';
export { type Invoice, type InvoiceDeps, invoiceFor } from './service.js';
