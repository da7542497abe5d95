import fs from 'node:fs';
import { createRequire } from 'node:module';
import type * as fontkit from 'fontkit';

/**
 * The invoice's fonts, shipped in npm packages and read from node_modules (nothing is fetched):
 * DejaVu Sans covers Latin with its extensions, Greek, Cyrillic and more; Noto Sans Bengali the
 * buyers who write their names in Bengali. pdfkit's standard fonts only know WinAnsi.
 * The files are read once; each document parses its own faces from them. A parsed face keeps the
 * glyphs it has looked up, each with the character it was first looked up by, and pdfkit writes
 * that character into the PDF's text: a face shared between documents would give one invoice's
 * copied text the characters of another's (a glyph two characters share).
 */
export interface Face {
  name: string;
  font: fontkit.Font;
  has(codePoint: number): boolean;
}

const nodeRequire = createRequire(import.meta.url);

const FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bengali: '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
} as const;

let loaded: Promise<{ parser: typeof fontkit; bytes: Record<keyof typeof FILES, Buffer> }> | undefined;

function face(parser: typeof fontkit, name: string, bytes: Buffer): Face {
  const font = parser.create(bytes);
  if (!('hasGlyphForCodePoint' in font)) throw new Error(`${name} is a font collection, not a font`);
  return { name, font, has: (codePoint) => font.hasGlyphForCodePoint(codePoint) };
}

/**
 * A document's faces (fontkit and the files are loaded on the first invoice: a shop that never
 * makes one never holds them). `regular` is a chain: each character takes the first face that has it.
 */
export async function invoiceFonts(): Promise<{ regular: Face[]; bold: Face }> {
  loaded ??= import('fontkit').then((parser) => ({
    parser,
    bytes: {
      regular: fs.readFileSync(nodeRequire.resolve(FILES.regular)),
      bengali: fs.readFileSync(nodeRequire.resolve(FILES.bengali)),
      bold: fs.readFileSync(nodeRequire.resolve(FILES.bold)),
    },
  }));
  const { parser, bytes } = await loaded;
  return {
    regular: [face(parser, 'regular', bytes.regular), face(parser, 'bengali', bytes.bengali)],
    bold: face(parser, 'bold', bytes.bold),
  };
}

export interface Run {
  face: string;
  text: string;
}

const REPLACEMENT = 0xfffd;
/** Combining marks and joiners belong to the character before them, whatever the face. */
const attaches = /^[\p{M}\p{Cf}]$/u;

/**
 * Splits text into runs, each in one face. A character no face has stays in the first face,
 * which draws its empty box: the invoice is still made. A lone surrogate becomes U+FFFD.
 */
export function textRuns(text: string, faces: Face[]): Run[] {
  const [first] = faces;
  if (!first) throw new Error('No font face given');
  const runs: Run[] = [];
  let current: Run | undefined;
  for (const char of text.normalize('NFC')) {
    let codePoint = char.codePointAt(0) ?? REPLACEMENT;
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) codePoint = REPLACEMENT;
    const own = faces.find((f) => f.has(codePoint));
    const chosen = current && (attaches.test(char) || !own) ? current.face : (own ?? first).name;
    const piece = String.fromCodePoint(codePoint);
    if (current?.face === chosen) current.text += piece;
    else {
      current = { face: chosen, text: piece };
      runs.push(current);
    }
  }
  return runs;
}
