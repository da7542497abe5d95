import type { Database } from '../../db/database.js';
import { conflict, notFound } from '../../http/app-error.js';
import { type Caller, isSelf } from '../../http/auth-guard.js';
import type { Seller } from '../../seller-config.js';
import { companyOf, requireCompanyAdmin } from '../companies/index.js';
import {
  findShipment,
  formatInvoiceNumber,
  formatOrderNumber,
  fulfilmentOf,
  type OrderLineRow,
  orderLines,
} from '../orders/index.js';
import { renderPackingSlipPdf } from './packing-slip.js';
import { renderInvoicePdf } from './pdf.js';
import { findInvoicedOrder, type InvoicedOrder } from './repository.js';

export interface Invoice {
  /** As printed on it, e.g. INV-000042. */
  number: string;
  /** What to call the file, e.g. invoice-INV-000042.pdf. */
  filename: string;
  pdf: Buffer;
}

/** What an invoice is made from: the shop's records and the seller it names (configuration). */
export interface InvoiceDeps {
  db: Database;
  seller: Seller;
}

/** Who an order's papers are for: its buyer (the billing address is the order's) and their company. */
export async function partiesOf(db: Database, order: InvoicedOrder) {
  const company = order.company_id ? await companyOf(db, order.company_id) : undefined;
  return {
    buyer: { name: order.user_name, email: order.email, mobile: order.mobile, address: order.address },
    company: company && { name: company.name, vatId: company.vat_id ?? undefined },
    orderNumber: formatOrderNumber(order.number),
    poNumber: order.po_number ?? undefined,
  };
}

async function render(
  { db, seller }: InvoiceDeps,
  order: InvoicedOrder & { lines: OrderLineRow[] },
): Promise<Invoice> {
  const { invoice_number, issued_at, paid_at, payment_id } = order;
  // Paying assigns the number in the same transaction (and the migration gave paid orders theirs);
  // a net-30 order has its number from when it was invoiced.
  if (invoice_number === null || issued_at === null || (order.due_date === null && payment_id === null)) {
    throw new Error(`Order ${order.id} is paid but has no invoice`);
  }
  const number = formatInvoiceNumber(invoice_number);
  const pdf = await renderInvoicePdf({
    number,
    issuedAt: issued_at,
    seller,
    paidAt: paid_at ?? undefined,
    ...(await partiesOf(db, order)),
    dueDate: order.due_date ?? undefined,
    settlementReference: order.settlement_reference ?? undefined,
    lines: order.lines.map((line) => ({
      part: line.part_name,
      quantity: Number(line.quantity),
      unitPrice: Number(line.unit_price),
      price: Number(line.price),
      customerPartNumber: line.customer_part_number ?? undefined,
      reference: line.reference ?? undefined,
    })),
    total: Number(order.price),
    paymentId: payment_id ?? undefined,
    fulfilment: fulfilmentOf(order),
  });
  return { number, filename: `invoice-${number}.pdf`, pdf };
}

/**
 * The invoice of a paid (or net-30 invoiced) order, for whoever sends it on (a receipt by e-mail);
 * undefined when unknown or not invoiced.
 */
export async function invoiceFor(deps: InvoiceDeps, orderId: string): Promise<Invoice | undefined> {
  const order = await findInvoicedOrder(deps.db, orderId);
  if (!order || order.invoice_number === null) return undefined;
  return render(deps, { ...order, lines: await orderLines(deps.db, order.id) });
}

/**
 * The order, for its buyer, an admin of its company (the company pays it and receives it) or the
 * shop's admin; anyone else is refused with `refusal`.
 */
export async function orderForCaller(
  db: Database,
  caller: Caller,
  orderId: string,
  refusal: string,
): Promise<InvoicedOrder> {
  const order = await findInvoicedOrder(db, orderId);
  if (!order) throw notFound('order');
  if (!isSelf(caller, order.email) && caller.role !== 'admin')
    await requireCompanyAdmin(db, caller, order.company_id, { refusal });
  return order;
}

/**
 * `GET /api/purchaseById/{id}/invoice`: the order's buyer, an admin of its company (the company
 * pays it) or the shop's admin, once it is invoiced (paid by card, or net 30 when placed).
 */
export async function invoiceForCaller(deps: InvoiceDeps, caller: Caller, orderId: string): Promise<Invoice> {
  const order = await orderForCaller(
    deps.db,
    caller,
    orderId,
    "Only the order's buyer, its company's admins and the shop's admins may read its invoice",
  );
  if (order.invoice_number === null) throw conflict('This order is not paid yet: it has no invoice');
  return render(deps, { ...order, lines: await orderLines(deps.db, order.id) });
}

/**
 * `GET /api/purchaseById/{id}/packing-slip`: what goes in the parcel and where to, no prices, for
 * the same people as its invoice, once the order may ship (paid, or on net-30 terms) or has.
 */
export async function packingSlipForCaller(
  deps: InvoiceDeps,
  caller: Caller,
  orderId: string,
  shipmentId?: string,
): Promise<{ filename: string; pdf: Buffer }> {
  const order = await orderForCaller(
    deps.db,
    caller,
    orderId,
    "Only the order's buyer, its company's admins and the shop's admins may read its packing slip",
  );
  // As the shippable predicate says: paid, or invoiced on net-30 terms, and not expired.
  if ((order.paid_at === null && order.due_date === null) || order.expired_at !== null)
    throw conflict('This order cannot ship yet: it has no packing slip');
  const [all, company, shipment] = await Promise.all([
    orderLines(deps.db, order.id),
    order.company_id ? companyOf(deps.db, order.company_id) : undefined,
    shipmentId ? findShipment(deps.db, shipmentId) : undefined,
  ]);
  if (shipmentId && shipment?.order_id !== order.id) throw notFound('shipment');
  // One shipment's slip: its lines and pieces, its carrier and day.
  const shipped = shipment && new Map(shipment.lines.map((line) => [line.part_id, line.quantity]));
  const lines = shipped
    ? all.flatMap((line) => {
        const quantity = shipped.get(line.part_id);
        return quantity === undefined ? [] : [{ ...line, quantity }];
      })
    : all;
  const number = formatOrderNumber(order.number);
  const pdf = await renderPackingSlipPdf({
    orderNumber: number,
    placedAt: order.created_at,
    seller: deps.seller,
    shipTo: { company: company?.name, name: order.user_name, mobile: order.mobile, address: order.address },
    poNumber: order.po_number ?? undefined,
    fulfilment: shipment
      ? {
          status: 'shipped',
          carrier: shipment.carrier,
          trackingNumber: shipment.tracking_number,
          shippedAt: shipment.shipped_at,
        }
      : fulfilmentOf(order),
    lines: lines.map((line) => ({
      part: line.part_name,
      quantity: Number(line.quantity),
      customerPartNumber: line.customer_part_number ?? undefined,
      reference: line.reference ?? undefined,
    })),
  });
  return { filename: `packing-slip-${number}${shipment ? `-${shipment.id.slice(0, 8)}` : ''}.pdf`, pdf };
}
