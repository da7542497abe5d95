import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { AppError, badRequest } from '../../http/app-error.js';
import { RowCollector, type TableRow } from './table.js';

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** Characters no text file holds (C0 controls but tab, line feed, form feed and carriage return; NUL). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const BINARY = /[\u0000-\u0008\u000B\u000E-\u001F]/;

export const notATable = () =>
  new AppError(
    'unsupported_media_type',
    'The file is neither CSV text nor an XLSX workbook: save it from your spreadsheet as CSV or XLSX',
  );

/** How many bytes from the start tell UTF-16 saved without its byte order mark. */
const SNIFFED_BYTES = 1024;

/**
 * UTF-16 saved without its byte order mark (as some spreadsheets export "Unicode text"), told by
 * its zero bytes: the letters, digits and separators of a bill of materials have a zero high byte,
 * at the odd offsets in UTF-16LE and the even ones in UTF-16BE, while 8-bit text has none at all.
 * At least a quarter of the characters sniffed must show it, and the other offsets hardly any.
 */
function utf16WithoutMark(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const end = Math.min(bytes.length, SNIFFED_BYTES) & ~1;
  let even = 0;
  let odd = 0;
  for (let at = 0; at < end; at++) {
    if (bytes[at] !== 0) continue;
    if (at % 2 === 0) even++;
    else odd++;
  }
  const characters = end / 2;
  if (odd > 0 && odd >= characters / 4 && even * 10 <= odd) return 'utf-16le';
  if (even > 0 && even >= characters / 4 && odd * 10 <= even) return 'utf-16be';
  return undefined;
}

/**
 * The bytes of a CSV file as text: UTF-8 (with or without its byte order mark), UTF-16 by its byte
 * order mark or, without one, by its zero bytes, else Windows-1252 (Latin-1 as spreadsheets save
 * it), and which was read. Bytes that are no text (NUL, control characters) are refused.
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncoding } {
  const [a, b, c] = bytes;
  let encoding: TextEncoding;
  if (a === 0xff && b === 0xfe) encoding = 'utf-16le';
  else if (a === 0xfe && b === 0xff) encoding = 'utf-16be';
  else if (a === 0xef && b === 0xbb && c === 0xbf) encoding = 'utf-8';
  else encoding = utf16WithoutMark(bytes) ?? (isUtf8(bytes) ? 'utf-8' : 'windows-1252');
  // The decoders drop their own byte order mark.
  const text = new TextDecoder(encoding).decode(bytes);
  if (BINARY.test(text)) throw notATable();
  return { text, encoding };
}

/**
 * The separator of pasted or saved rows: the one of tab, semicolon and comma that the first line
 * holds most often outside quotes (a comma when it holds none).
 */
export function detectDelimiter(text: string): '\t' | ';' | ',' {
  const first = text.replace(/^\s*\n/, '').split(/\r\n|\n|\r/, 1)[0] ?? '';
  const unquoted = first.replace(/"(?:[^"]|"")*"/g, '');
  const count = (separator: string) => unquoted.split(separator).length - 1;
  const [best] = (['\t', ';', ','] as const)
    .map((separator) => ({ separator, n: count(separator) }))
    .sort((x, y) => y.n - x.n);
  return best && best.n > 0 ? best.separator : ',';
}

/** Text in slices, so that the parser reads as far as it is asked to and no further. */
function* slices(text: string, size = 64 * 1024): Generator<string> {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}

/**
 * The rows of CSV text (csv-parse, streamed): quoted cells with separators, quotes and line breaks
 * in them; a quote inside an unquoted cell (5" reel) kept as it is. Each row keeps its number in
 * the file (a blank line counts, as a spreadsheet shows it). Reading stops one row past the limit.
 */
export async function readDelimited(text: string, delimiter: string): Promise<TableRow[]> {
  const collector = new RowCollector();
  const parser = Readable.from(slices(text)).pipe(
    parse({
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      // A cell of a megabyte is no part number: the file is refused before it is held whole.
      max_record_size: 1024 * 1024,
    }),
  );
  let row = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      row++;
      if (!collector.add(row, cells)) break;
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw badRequest(`Row ${row + 1} cannot be read as CSV: ${csvProblem(error)}`);
  } finally {
    parser.destroy();
  }
  return collector.rows;
}

function csvProblem(error: CsvError): string {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted cell starts there and is never closed';
    case 'CSV_MAX_RECORD_SIZE':
      return 'the row is longer than a megabyte';
    default:
      return 'the row is not valid CSV';
  }
}
