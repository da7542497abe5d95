/**
 * What other modules and the app may use of invoices: an order's invoice (its PDF), the routes,
 * and how the shop's papers word a shipment and a line's references.
 */
export { lineReferences, shipmentText } from './content.js';
export { invoiceRoutesPlugin } from './plugin.js';
export { type Invoice, type InvoiceDeps, invoiceFor } from './service.js';
