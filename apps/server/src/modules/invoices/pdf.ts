import { day, dollars, type InvoiceContent, pieces, shipmentText } from './content.js';
import { figure, GREY, heading, MARGIN, rule, write } from './drawing.js';
import { type Face, invoiceFonts } from './fonts.js';
import { drawParties } from './parties.js';

/** The shop's name, as its invoices are headed (the seller's legal name is configured apart). */
export const SHOP_NAME = 'Electronics Tools Manufacturers';

/** The invoice of a paid (or net-30 invoiced) order as an A4 PDF (pdfkit is loaded with the first one). */
export async function renderInvoicePdf(invoice: InvoiceContent): Promise<Buffer> {
  const [{ default: PDFDocument }, fonts] = await Promise.all([import('pdfkit'), invoiceFonts()]);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `Invoice ${invoice.number}`,
      Author: SHOP_NAME,
      Subject: invoice.paymentId
        ? `Invoice ${invoice.number} for order paid by ${invoice.paymentId}`
        : `Invoice ${invoice.number}`,
      // The document's own date is the invoice's, so the same invoice renders the same way.
      CreationDate: new Date(invoice.issuedAt),
    },
  });
  const faces: Face[] = [...fonts.regular, fonts.bold];
  // pdfkit takes a parsed fontkit font since 0.20; its type definitions do not say so yet.
  for (const f of faces) doc.registerFont(f.name, f.font as unknown as Uint8Array);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = MARGIN;
  const right = doc.page.width - MARGIN;
  const width = right - left;

  // The shop on the left; the invoice's number and date on the right.
  const box = 150;
  doc.fillColor('black').fontSize(16);
  heading(doc, SHOP_NAME, left, MARGIN, { width: width - box });
  doc.fontSize(9).fillColor(GREY);
  write(doc, fonts.regular, 'Parts for electronics tools, sold in bulk', left, doc.y + 2, {
    width: width - box,
  });
  doc.fillColor('black').fontSize(18);
  heading(doc, 'INVOICE', right - box, MARGIN, { width: box, align: 'right' });
  doc.fontSize(11);
  heading(doc, invoice.number, right - box, doc.y + 2, { width: box, align: 'right' });
  doc.font('regular').text(`Date: ${day(invoice.issuedAt)}`, right - box, doc.y + 2, {
    width: box,
    align: 'right',
  });
  let y = Math.max(doc.y, MARGIN + 60) + 14;
  rule(doc, y);
  y += 14;

  // Who sells and who bought; how it is paid, and into which account.
  y = drawParties(doc, fonts.regular, invoice, { x: left, y, width });

  y = write(doc, fonts.regular, `Order: ${invoice.orderNumber}`, left, y, { width }) + 4;
  if (invoice.poNumber) {
    y = write(doc, fonts.regular, `Your PO number: ${invoice.poNumber}`, left, y, { width }) + 4;
  }
  y += 10;
  if (invoice.fulfilment) {
    y = write(doc, fonts.regular, shipmentText(invoice.fulfilment), left, y, { width }) + 14;
  }

  // A row per line of the order; a long order goes on over more pages, its headings repeated.
  const cols = {
    part: left,
    quantity: left + width * 0.5,
    unit: left + width * 0.68,
    total: left + width * 0.84,
  };
  const colWidth = { part: width * 0.48, quantity: width * 0.16, unit: width * 0.14, total: width * 0.16 };
  const bottom = doc.page.height - MARGIN;
  const headings = (top: number) => {
    doc.fillColor('black').fontSize(10);
    heading(doc, 'Part', cols.part, top, { width: colWidth.part });
    heading(doc, 'Quantity', cols.quantity, top, { width: colWidth.quantity, align: 'right' });
    heading(doc, 'Unit price', cols.unit, top, { width: colWidth.unit, align: 'right' });
    heading(doc, 'Price', cols.total, top, { width: colWidth.total, align: 'right' });
    const below = doc.y + 4;
    rule(doc, below);
    return below + 8;
  };
  /** A new page, saying whose it is, when `height` more would not fit above the bottom margin. */
  const room = (at: number, height: number) => {
    if (at + height <= bottom) return at;
    doc.addPage();
    doc.fillColor(GREY).fontSize(9);
    heading(doc, `${SHOP_NAME}, invoice ${invoice.number} (continued)`, left, MARGIN, { width });
    return doc.y + 14;
  };
  y = headings(y);
  for (const line of invoice.lines) {
    // A part's name wraps over at most a few lines: measured before it is written.
    doc.font('regular').fontSize(10);
    const height = doc.heightOfString(line.part, { width: colWidth.part }) + 8;
    const top = room(y, height);
    if (top !== y) y = headings(top);
    const partBottom = write(doc, fonts.regular, line.part, cols.part, y, { width: colWidth.part });
    figure(doc, pieces(line.quantity), { x: cols.quantity, y, width: colWidth.quantity, size: 10 });
    figure(doc, dollars(line.unitPrice), { x: cols.unit, y, width: colWidth.unit, size: 10 });
    figure(doc, dollars(line.price), { x: cols.total, y, width: colWidth.total, size: 10 });
    y = Math.max(partBottom, doc.y) + 8;
  }
  rule(doc, y);
  y = room(y + 10, 60);
  doc.fillColor('black').fontSize(12);
  heading(doc, 'Total', cols.unit, y, { width: colWidth.unit, align: 'right' });
  figure(doc, dollars(invoice.total), { x: cols.total, y, width: colWidth.total, size: 12 }, 'bold');
  y = doc.y + 28;

  doc.fontSize(9).fillColor(GREY);
  const closing = invoice.paidAt
    ? 'Paid in full. Prices are in US dollars. Thank you for your order.'
    : `Payable by ${day(invoice.dueDate ?? invoice.issuedAt)}. Prices are in US dollars. Thank you for your order.`;
  write(doc, fonts.regular, closing, left, y, { width });
  doc.end();
  return finished;
}
