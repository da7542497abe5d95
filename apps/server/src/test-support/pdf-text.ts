import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page of a PDF, as a reader's copy and paste would give it (PDF.js). */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  // The loading task owns the document and its worker: destroying it frees both (PDF.js 6).
  const task = getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
  try {
    const document = await task.promise;
    let text = '';
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n);
      for (const item of (await page.getTextContent()).items) {
        if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '');
      }
    }
    return text;
  } finally {
    await task.destroy();
  }
}

/** Text without any white space, to find values that wrapped over lines. */
export const squeezed = (text: string) => text.replace(/\s+/g, '');
