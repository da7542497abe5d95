import fs from 'node:fs';
import { createRequire } from 'node:module';
import type * as fontkit from 'fontkit';

/**
 * The invoice's fonts, shipped in npm packages and read from node_modules (nothing is fetched):
 * DejaVu Sans covers Latin with its extensions, Greek, Cyrillic and more; Noto Sans Bengali the
 * buyers who write their names in Bengali. pdfkit's standard fonts only know WinAnsi.
 * Each is parsed once and shared by every invoice: parsing a face's layout tables again for each
 * document would cost about 100 ms of the event loop per face.
 */
export interface Face {
  name: string;
  font: fontkit.Font;
  has(codePoint: number): boolean;
}

const nodeRequire = createRequire(import.meta.url);

function face(parser: typeof fontkit, name: string, file: string): Face {
  const font = parser.create(fs.readFileSync(nodeRequire.resolve(file)));
  if (!('hasGlyphForCodePoint' in font)) throw new Error(`${file} is a font collection, not a font`);
  return { name, font, has: (codePoint) => font.hasGlyphForCodePoint(codePoint) };
}

let loaded: Promise<{ regular: Face[]; bold: Face }> | undefined;

/**
 * Read once, on the first invoice (fontkit itself is loaded then too: a shop that never makes an
 * invoice never holds it). `regular` is a chain: each character takes the first face that has it.
 */
export function invoiceFonts() {
  loaded ??= import('fontkit').then((parser) => ({
    regular: [
      face(parser, 'regular', 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
      face(
        parser,
        'bengali',
        '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff',
      ),
    ],
    bold: face(parser, 'bold', 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  }));
  return loaded;
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
