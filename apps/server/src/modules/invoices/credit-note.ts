import { conflict, notFound } from '../../http/app-error.js';
import type { Caller } from '../../http/auth-guard.js';
import { findCreditNote, formatCreditNoteNumber, formatInvoiceNumber } from '../orders/index.js';
import { renderInvoicePdf } from './pdf.js';
import { type Invoice, type InvoiceDeps, orderForCaller, partiesOf } from './service.js';

/** The number `CN-000007` (or `7`) names, or undefined. */
export function parseCreditNoteNumber(text: string): number | undefined {
  const match = /^(?:CN-?)?0*([1-9]\d{0,8})$/i.exec(text.trim());
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/**
 * `GET /api/purchaseById/{id}/credit-notes/{number}`: a credit note of a net-30 order (waiting
 * pieces dropped after it was invoiced) as a PDF, for the same people as its invoice.
 */
export async function creditNoteForCaller(
  deps: InvoiceDeps,
  caller: Caller,
  orderId: string,
  numberText: string,
): Promise<Invoice> {
  const order = await orderForCaller(
    deps.db,
    caller,
    orderId,
    "Only the order's buyer, its company's admins and the shop's admins may read its credit notes",
  );
  const number = parseCreditNoteNumber(numberText);
  const note = number === undefined ? undefined : await findCreditNote(deps.db, orderId, number);
  if (!note) throw notFound('credit note');
  if (order.invoice_number === null) throw conflict('This order has no invoice to credit');
  const printed = formatCreditNoteNumber(Number(note.number));
  const pdf = await renderInvoicePdf({
    number: printed,
    issuedAt: note.created_at,
    seller: deps.seller,
    ...(await partiesOf(deps.db, order)),
    credits: formatInvoiceNumber(order.invoice_number),
    lines: [
      {
        part: note.part_name,
        quantity: Number(note.quantity),
        unitPrice: Number(note.unit_price),
        price: Number(note.amount),
        customerPartNumber: note.customer_part_number ?? undefined,
        reference: note.reference ?? undefined,
      },
    ],
    total: Number(note.amount),
  });
  return { number: printed, filename: `credit-note-${printed}.pdf`, pdf };
}
