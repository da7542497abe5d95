import {
  day,
  dollars,
  type InvoiceContent,
  type InvoiceLine,
  partCell,
  pieces,
  shipmentText,
} from './content.js';
import { drawHead, drawTable, openPaper, roomFor, SHOP_NAME } from './document.js';
import { figure, GREY, heading, write } from './drawing.js';
import { drawParties } from './parties.js';

export { SHOP_NAME };

/**
 * The invoice of a paid (or net-30 invoiced) order as an A4 PDF; with `credits`, a credit note
 * against that invoice (its lines the pieces credited).
 */
export async function renderInvoicePdf(invoice: InvoiceContent): Promise<Buffer> {
  const paper = await openPaper({
    title: `${invoice.credits ? 'Credit note' : 'Invoice'} ${invoice.number}`,
    subject: invoice.paymentId
      ? `Invoice ${invoice.number} for order paid by ${invoice.paymentId}`
      : `Invoice ${invoice.number}`,
    date: invoice.issuedAt,
  });
  const { doc, regular, left, width } = paper;
  let y = drawHead(paper, {
    title: invoice.credits ? 'CREDIT NOTE' : 'INVOICE',
    number: invoice.number,
    lines: [`Date: ${day(invoice.issuedAt)}`],
  });

  // Who sells and who bought; how it is paid, and into which account.
  y = drawParties(doc, regular, invoice, { x: left, y, width });

  y = write(doc, regular, `Order: ${invoice.orderNumber}`, left, y, { width }) + 4;
  if (invoice.credits)
    y =
      write(doc, regular, `Credits invoice ${invoice.credits}: waiting pieces dropped`, left, y, { width }) +
      4;
  if (invoice.poNumber)
    y = write(doc, regular, `Your PO number: ${invoice.poNumber}`, left, y, { width }) + 4;
  y += 10;
  if (invoice.fulfilment) y = write(doc, regular, shipmentText(invoice.fulfilment), left, y, { width }) + 14;

  // A row per line of the order; a long order goes on over more pages, its headings repeated.
  const continued = `${SHOP_NAME}, invoice ${invoice.number} (continued)`;
  y = drawTable<InvoiceLine>(paper, {
    columns: [
      { heading: 'Part', share: 0.5, kind: 'text', text: partCell },
      { heading: 'Quantity', share: 0.18, kind: 'figure', text: (line) => pieces(line.quantity) },
      { heading: 'Unit price', share: 0.16, kind: 'figure', text: (line) => dollars(line.unitPrice) },
      { heading: 'Price', share: 0.16, kind: 'figure', text: (line) => dollars(line.price) },
    ],
    rows: invoice.lines,
    y,
    continued,
  });
  y = roomFor(paper, y + 10, 60, continued);
  const totals = { label: left + width * 0.68, figure: left + width * 0.84 };
  doc.fillColor('black').fontSize(12);
  heading(doc, invoice.credits ? 'Credit' : 'Total', totals.label, y, {
    width: width * 0.14,
    align: 'right',
  });
  figure(doc, dollars(invoice.total), { x: totals.figure, y, width: width * 0.16, size: 12 }, 'bold');
  y = doc.y + 28;

  doc.fontSize(9).fillColor(GREY);
  const closing = invoice.credits
    ? `This credit is deducted from what invoice ${invoice.credits} asks. Prices are in US dollars.`
    : invoice.paidAt
      ? 'Paid in full. Prices are in US dollars. Thank you for your order.'
      : `Payable by ${day(invoice.dueDate ?? invoice.issuedAt)}. Prices are in US dollars. Thank you for your order.`;
  write(doc, regular, closing, left, y, { width });
  doc.end();
  return paper.finished;
}
