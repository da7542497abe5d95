import { type Doc, figure, GREY, heading, MARGIN, rule, write } from './drawing.js';
import { type Face, invoiceFonts } from './fonts.js';

/** The shop's name, as its papers are headed (the seller's legal name is configured apart). */
export const SHOP_NAME = 'Electronics Tools Manufacturers';

/** An A4 page being written: the document, its faces, its text column and the bytes when done. */
export interface Paper {
  doc: Doc;
  regular: Face[];
  left: number;
  width: number;
  /** The PDF's bytes, once `doc.end()` is called. */
  finished: Promise<Buffer>;
}

/** A new A4 PDF with the shop's faces (pdfkit is loaded with the first one); `date` is its own date. */
export async function openPaper(info: { title: string; subject?: string; date: string }): Promise<Paper> {
  const [{ default: PDFDocument }, fonts] = await Promise.all([import('pdfkit'), invoiceFonts()]);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: info.title,
      Author: SHOP_NAME,
      ...(info.subject ? { Subject: info.subject } : {}),
      // The document's own date is the paper's, so the same paper renders the same way.
      CreationDate: new Date(info.date),
    },
  });
  // pdfkit takes a parsed fontkit font since 0.20; its type definitions do not say so yet.
  for (const f of [...fonts.regular, fonts.bold]) doc.registerFont(f.name, f.font as unknown as Uint8Array);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, regular: fonts.regular, left: MARGIN, width: doc.page.width - 2 * MARGIN, finished };
}

/**
 * The head of the first page: the shop on the left; on the right what the paper is ("INVOICE"),
 * its number and date lines; a rule under them. Answers where the page goes on.
 */
export function drawHead(paper: Paper, what: { title: string; number: string; lines: string[] }): number {
  const { doc, regular, left, width } = paper;
  const right = left + width;
  const box = 150;
  doc.fillColor('black').fontSize(16);
  heading(doc, SHOP_NAME, left, MARGIN, { width: width - box });
  doc.fontSize(9).fillColor(GREY);
  write(doc, regular, 'Parts for electronics tools, sold in bulk', left, doc.y + 2, { width: width - box });
  doc.fillColor('black').fontSize(18);
  heading(doc, what.title, right - box, MARGIN, { width: box, align: 'right' });
  doc.fontSize(11);
  heading(doc, what.number, right - box, doc.y + 2, { width: box, align: 'right' });
  for (const line of what.lines)
    doc.font('regular').text(line, right - box, doc.y + 2, { width: box, align: 'right' });
  const y = Math.max(doc.y, MARGIN + 60) + 14;
  rule(doc, y);
  return y + 14;
}

/** A column of a paper's table: its heading, its share of the width, and each row's text in it. */
export interface PaperColumn<Row> {
  heading: string;
  share: number;
  /** Free text that wraps (a part's name), or a figure kept on one line, right-aligned. */
  kind: 'text' | 'figure';
  text: (row: Row) => string;
}

/**
 * A table from `y`, a row per item; a long one goes on over more pages, each headed with
 * `continued` and the column headings again. Answers where the page goes on, below its last rule.
 */
export function drawTable<Row>(
  paper: Paper,
  table: { columns: PaperColumn<Row>[]; rows: readonly Row[]; y: number; continued: string },
): number {
  const { doc, regular, left, width } = paper;
  const bottom = doc.page.height - MARGIN;
  let x = left;
  const columns = table.columns.map((column) => {
    const at = { ...column, x, width: width * column.share - (column.kind === 'text' ? 8 : 0) };
    x += width * column.share;
    return at;
  });
  const headings = (top: number) => {
    doc.fillColor('black').fontSize(10);
    for (const column of columns)
      heading(doc, column.heading, column.x, top, {
        width: column.width,
        align: column.kind === 'figure' ? 'right' : 'left',
      });
    const below = doc.y + 4;
    rule(doc, below);
    return below + 8;
  };
  let y = headings(table.y);
  for (const row of table.rows) {
    // Wrapping text runs over at most a few lines: measured before it is written.
    doc.font('regular').fontSize(10);
    const height =
      Math.max(
        ...columns.map((column) =>
          column.kind === 'text' ? doc.heightOfString(column.text(row), { width: column.width }) : 12,
        ),
      ) + 8;
    if (y + height > bottom) {
      doc.addPage();
      doc.fillColor(GREY).fontSize(9);
      heading(doc, table.continued, left, MARGIN, { width });
      y = headings(doc.y + 14);
    }
    let rowBottom = y;
    for (const column of columns) {
      if (column.kind === 'text') {
        doc.fillColor('black').fontSize(10);
        rowBottom = Math.max(
          rowBottom,
          write(doc, regular, column.text(row), column.x, y, { width: column.width }),
        );
      } else {
        figure(doc, column.text(row), { x: column.x, y, width: column.width, size: 10 });
        rowBottom = Math.max(rowBottom, doc.y);
      }
    }
    y = rowBottom + 8;
  }
  rule(doc, y);
  return y;
}

/** `at` if `height` more fits above the bottom margin, else the top of a new page headed `continued`. */
export function roomFor(paper: Paper, at: number, height: number, continued: string): number {
  const { doc, left, width } = paper;
  if (at + height <= doc.page.height - MARGIN) return at;
  doc.addPage();
  doc.fillColor(GREY).fontSize(9);
  heading(doc, continued, left, MARGIN, { width });
  return doc.y + 14;
}
