import { type Face, invoiceFonts, textRuns } from './fonts.js';

export const SHOP_NAME = 'Electronics Tools Manufacturers';

/** What an invoice says; money in whole dollars, times as ISO 8601 UTC. */
export interface InvoiceContent {
  number: string;
  issuedAt: string;
  /** When it was paid; none while a net-30 invoice is open. */
  paidAt?: string | undefined;
  buyer: { name: string; email: string; mobile: string; address: string };
  /** The buyer's company, for an order of a company member. */
  company?: { name: string; vatId?: string | undefined } | undefined;
  /** A net-30 invoice: payable on account by then. */
  dueDate?: string | undefined;
  /** A net-30 invoice paid by bank transfer: the reference the shop recorded. */
  settlementReference?: string | undefined;
  /** The buyer's purchase order number, when they gave one. */
  poNumber?: string | undefined;
  /** Every line of the order, in its order. */
  lines: InvoiceLine[];
  /** The order's total: the sum of its lines' prices. */
  total: number;
  /** The card payment's id (none for a net-30 invoice). */
  paymentId?: string | undefined;
  /** Where the order's shipment is, when the invoice is made (left out: not said). */
  fulfilment?: InvoiceFulfilment | undefined;
}

/** The order's fulfilment as the invoice states it. */
export interface InvoiceFulfilment {
  status: 'unfulfilled' | 'shipped' | 'delivered';
  carrier?: string | undefined;
  trackingNumber?: string | undefined;
  shippedAt?: string | undefined;
  deliveredAt?: string | undefined;
}

/** The invoice's line about the shipment: not shipped yet, shipped (by whom, tracking), delivered. */
export function shipmentText(fulfilment: InvoiceFulfilment): string {
  if (fulfilment.status === 'unfulfilled') return 'Shipment: not shipped yet';
  const shipped = [
    fulfilment.shippedAt ? `shipped on ${day(fulfilment.shippedAt)}` : 'shipped',
    fulfilment.carrier ? ` by ${fulfilment.carrier}` : '',
    fulfilment.trackingNumber ? `, tracking number ${fulfilment.trackingNumber}` : '',
  ].join('');
  if (fulfilment.status === 'shipped') return `Shipment: ${shipped}`;
  const delivered = fulfilment.deliveredAt ? `delivered on ${day(fulfilment.deliveredAt)}` : 'delivered';
  return `Shipment: ${delivered} (${shipped})`;
}

export interface InvoiceLine {
  part: string;
  quantity: number;
  unitPrice: number;
  price: number;
}

const count = new Intl.NumberFormat('en-US');
/** Whole dollars, as the web app shows them ($1,234); the shop's money is never a fraction. */
export const dollars = (amount: number) => `$${count.format(amount)}`;
export const pieces = (quantity: number) => `${count.format(quantity)} pcs`;
const day = (iso: string) => iso.slice(0, 10);
const minute = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

const MARGIN = 50;
const GREY = '#555555';
type Doc = PDFKit.PDFDocument;

/** Writes text that may hold any script, switching faces where a character needs another. */
function write(
  doc: Doc,
  regular: Face[],
  text: string,
  x: number,
  y: number,
  options: PDFKit.Mixins.TextOptions = {},
) {
  const runs = textRuns(text, regular);
  runs.forEach((run, i) => {
    const continued = i < runs.length - 1;
    doc.font(run.face);
    if (i === 0) doc.text(run.text, x, y, { ...options, continued });
    else doc.text(run.text, { continued });
  });
  return doc.y;
}

/** Fixed wording of the shop (Latin only), in bold. */
function heading(doc: Doc, text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) {
  doc.font('bold').text(text, x, y, options);
  return doc.y;
}

/** A number right-aligned in its column on one line, made smaller if it would not fit. */
function figure(
  doc: Doc,
  text: string,
  at: { x: number; y: number; width: number; size: number },
  face = 'regular',
) {
  doc.font(face).fontSize(at.size);
  doc.fontSize(Math.min(at.size, (at.size * at.width) / doc.widthOfString(text)));
  doc.text(text, at.x, at.y, { width: at.width, align: 'right', lineBreak: false });
  doc.fontSize(at.size);
}

function rule(doc: Doc, y: number) {
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
}

/** The invoice of a paid order as an A4 PDF (pdfkit is loaded with the first one). */
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
  const half = width / 2;

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

  // Who bought, and how they paid.
  doc.fontSize(10);
  heading(doc, 'Billed to', left, y, { width: half - 10 });
  let column = doc.y + 4;
  const company = invoice.company
    ? [invoice.company.name, ...(invoice.company.vatId ? [`VAT id: ${invoice.company.vatId}`] : [])]
    : [];
  for (const line of [
    ...company,
    invoice.buyer.name,
    invoice.buyer.email,
    invoice.buyer.mobile,
    invoice.buyer.address,
  ]) {
    column = write(doc, fonts.regular, line, left, column, { width: half - 10 }) + 2;
  }
  heading(doc, 'Payment', left + half, y, { width: half });
  let payment = doc.y + 4;
  const paymentLines = invoice.dueDate
    ? [
        'On account (net 30)',
        `Due date: ${day(invoice.dueDate)}`,
        ...(invoice.paidAt
          ? [
              `Paid by bank transfer on ${minute(invoice.paidAt)}`,
              'Bank reference:',
              invoice.settlementReference ?? '',
            ]
          : ['Please pay by bank transfer, quoting the invoice number.']),
      ]
    : [
        `Paid by card on ${minute(invoice.paidAt ?? invoice.issuedAt)}`,
        // The id on a line of its own: a provider's ids are long and have no space to wrap at.
        'Payment id:',
        invoice.paymentId ?? '',
      ];
  for (const line of paymentLines)
    payment = write(doc, fonts.regular, line, left + half, payment, { width: half }) + 2;
  y = Math.max(column, payment) + 18;

  if (invoice.poNumber) {
    y = write(doc, fonts.regular, `Your PO number: ${invoice.poNumber}`, left, y, { width }) + 14;
  }
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
