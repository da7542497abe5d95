import fs from 'node:fs';
import { createRequire } from 'node:module';

/** What a datasheet says: its title, the family it covers and a table of its parts. */
export interface Datasheet {
  title: string;
  manufacturer: string;
  /** A paragraph under the title. */
  summary: string;
  columns: string[];
  rows: string[][];
  /** Notes under the table (handling, safety). */
  notes: string[];
  /** The sheet's own date (ISO): the same sheet renders the same way. */
  date: string;
}

const nodeRequire = createRequire(import.meta.url);

let faces: Promise<{ regular: unknown; bold: unknown }> | undefined;

/**
 * DejaVu Sans, parsed once for every sheet (as invoices/fonts.ts does): parsing its tables again
 * for each document would cost about 100 ms a face.
 */
function datasheetFaces() {
  faces ??= import('fontkit').then((fontkit) => ({
    regular: fontkit.create(fs.readFileSync(nodeRequire.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'))),
    bold: fontkit.create(fs.readFileSync(nodeRequire.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'))),
  }));
  return faces;
}
const MARGIN = 50;
const GREY = '#555555';

/**
 * A one-page A4 PDF datasheet. DejaVu Sans (an npm package, as the invoices use) writes Ω, µ and
 * ², which pdfkit's standard fonts cannot.
 */
export async function writeDatasheet(sheet: Datasheet): Promise<Buffer> {
  const [{ default: PDFDocument }, { regular, bold }] = await Promise.all([
    import('pdfkit'),
    datasheetFaces(),
  ]);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: sheet.title, Author: sheet.manufacturer, CreationDate: new Date(sheet.date) },
  });
  // pdfkit takes a parsed fontkit font since 0.20; its type definitions do not say so yet.
  doc.registerFont('regular', regular as Uint8Array);
  doc.registerFont('bold', bold as Uint8Array);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  doc.font('regular').fontSize(9).fillColor(GREY).text(`${sheet.manufacturer} · Datasheet`, MARGIN, MARGIN);
  doc
    .font('bold')
    .fontSize(18)
    .fillColor('black')
    .text(sheet.title, MARGIN, doc.y + 6, { width });
  doc
    .font('regular')
    .fontSize(10)
    .text(sheet.summary, MARGIN, doc.y + 8, { width });
  if (sheet.columns.length > 0) table(doc, sheet.columns, sheet.rows, doc.y + 16, width);
  doc
    .font('bold')
    .fontSize(11)
    .text('Notes', MARGIN, doc.y + 16);
  for (const note of sheet.notes)
    doc
      .font('regular')
      .fontSize(9)
      .text(`• ${note}`, MARGIN, doc.y + 4, { width });
  doc
    .fontSize(8)
    .fillColor(GREY)
    .text(`Issued ${sheet.date.slice(0, 10)}. Specifications may change without notice.`, MARGIN, doc.y + 20);
  doc.end();
  return finished;
}

/** A table of even columns, a rule under its head; leaves doc.y under it. */
function table(doc: PDFKit.PDFDocument, columns: string[], rows: string[][], top: number, width: number) {
  const column = width / columns.length;
  const line = (cells: string[], y: number, face: string) => {
    doc.font(face).fontSize(8.5);
    let bottom = y;
    cells.forEach((cell, i) => {
      doc.text(cell, MARGIN + i * column, y, { width: column - 6 });
      bottom = Math.max(bottom, doc.y);
    });
    return bottom + 3;
  };
  let y = line(columns, top, 'bold');
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .lineWidth(0.5)
    .strokeColor(GREY)
    .stroke();
  y += 4;
  for (const row of rows) y = line(row, y, 'regular');
  doc.y = y;
}
