import type { Seller } from '../../seller-config.js';
import { day, type InvoiceFulfilment, type InvoiceLine, partCell, pieces, shipmentText } from './content.js';
import { drawHead, drawTable, openPaper, roomFor, SHOP_NAME } from './document.js';
import { GREY, heading, write, writeLines } from './drawing.js';
import { sellerLines } from './parties.js';

/** What a packing slip says: what goes in the parcel and where to, no prices (it travels with the goods). */
export interface PackingSlipContent {
  orderNumber: string;
  placedAt: string;
  seller: Seller;
  shipTo: { company?: string | undefined; name: string; mobile: string; address: string };
  poNumber?: string | undefined;
  fulfilment: InvoiceFulfilment;
  lines: Pick<InvoiceLine, 'part' | 'quantity' | 'reference' | 'customerPartNumber'>[];
}

/** Where the parcel goes: the company, the person, the address, and a number the carrier may call. */
function shipToLines(shipTo: PackingSlipContent['shipTo']): string[] {
  return [
    ...(shipTo.company ? [shipTo.company] : []),
    shipTo.name,
    ...shipTo.address.split('\n'),
    `Mobile: ${shipTo.mobile}`,
  ];
}

/** The packing slip of a shippable (or shipped) order as an A4 PDF. */
export async function renderPackingSlipPdf(slip: PackingSlipContent): Promise<Buffer> {
  const shippedAt = slip.fulfilment.shippedAt;
  const paper = await openPaper({
    title: `Packing slip ${slip.orderNumber}`,
    date: shippedAt ?? slip.placedAt,
  });
  const { doc, regular, left, width } = paper;
  let y = drawHead(paper, {
    title: 'PACKING SLIP',
    number: slip.orderNumber,
    lines: [`Ordered: ${day(slip.placedAt)}`, ...(shippedAt ? [`Shipped: ${day(shippedAt)}`] : [])],
  });

  const half = width / 2;
  doc.fillColor('black').fontSize(10);
  let bottom = y;
  for (const [title, lines, x, w] of [
    ['From', sellerLines(slip.seller), left, half - 10],
    ['Ship to', shipToLines(slip.shipTo), left + half, half],
  ] as const) {
    if (lines.length === 0) continue;
    heading(doc, title, x, y, { width: w });
    bottom = Math.max(bottom, writeLines(doc, regular, lines, { x, y: doc.y + 4, width: w }));
  }
  y = bottom + 14;
  if (slip.poNumber) y = write(doc, regular, `Your PO number: ${slip.poNumber}`, left, y, { width }) + 4;
  y = write(doc, regular, shipmentText(slip.fulfilment), left, y, { width }) + 14;

  const continued = `${SHOP_NAME}, packing slip ${slip.orderNumber} (continued)`;
  y = drawTable(paper, {
    columns: [
      { heading: 'Part', share: 0.78, kind: 'text', text: partCell },
      { heading: 'Quantity', share: 0.22, kind: 'figure', text: (line) => pieces(line.quantity) },
    ],
    rows: slip.lines,
    y,
    continued,
  });
  y = roomFor(paper, y + 10, 70, continued);
  const total = slip.lines.reduce((sum, line) => sum + line.quantity, 0);
  doc.fillColor('black').fontSize(10);
  heading(
    doc,
    `${slip.lines.length === 1 ? '1 line' : `${slip.lines.length} lines`}, ${pieces(total)} in all`,
    left,
    y,
    {
      width,
    },
  );
  y = doc.y + 24;
  doc
    .font('regular')
    .text('Packed by: ______________________      Checked by: ______________________', left, y, {
      width,
    });
  doc.fontSize(9).fillColor(GREY);
  write(
    doc,
    regular,
    `Please check the parcel against this slip on arrival and tell us of a shortfall within 14 days, quoting ${slip.orderNumber}.`,
    left,
    doc.y + 18,
    { width },
  );
  doc.end();
  return paper.finished;
}
