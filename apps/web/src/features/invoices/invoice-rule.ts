import type { Order } from '@shop/contract/orders';

/**
 * Whether an order has an invoice to download: from when it is invoiced, paid by card or on
 * net-30 terms at once (the server numbers it then), whoever looks at it (docs/product.md).
 */
export function hasInvoice(order: Pick<Order, 'invoiceNumber'>): order is { invoiceNumber: string } {
  return Boolean(order.invoiceNumber);
}
