import { type Face, textRuns } from './fonts.js';

/** The page's margin on every side, in points. */
export const MARGIN = 50;
export const GREY = '#555555';
export type Doc = PDFKit.PDFDocument;

/** Writes text that may hold any script, switching faces where a character needs another. */
export function write(
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

/** Writes each of `lines` under the last, from `y`; answers where the next would go. */
export function writeLines(
  doc: Doc,
  regular: Face[],
  lines: string[],
  at: { x: number; y: number; width: number },
) {
  let y = at.y;
  for (const line of lines) y = write(doc, regular, line, at.x, y, { width: at.width }) + 2;
  return y;
}

/** Fixed wording of the shop (Latin only), in bold. */
export function heading(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  options: PDFKit.Mixins.TextOptions = {},
) {
  doc.font('bold').text(text, x, y, options);
  return doc.y;
}

/** A number right-aligned in its column on one line, made smaller if it would not fit. */
export function figure(
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

export function rule(doc: Doc, y: number) {
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
}
