/** What other modules and the app may use of invoices: numbering, an order's invoice, the routes. */
export { formatInvoiceNumber } from './number.js';
export { shipmentText } from './pdf.js';
export { invoiceRoutesPlugin } from './plugin.js';
export { assignInvoice } from './repository.js';
export { type Invoice, invoiceFor } from './service.js';
