import { CsvError, parse } from 'csv-parse/sync';

/** One row of a CSV file, and the line of the file it starts on (1 is the first line). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** A row that could not be read at all. */
export interface CsvBrokenRow {
  line: number;
  message: string;
}

export type CsvReading =
  /** Every row was read (a blank line is no row). */
  | { kind: 'read'; records: CsvRecord[] }
  /** Reading stopped at `broken` (an unclosed quote, a stray quote); `records` are the rows before it. */
  | { kind: 'stopped'; records: CsvRecord[]; broken: CsvBrokenRow }
  /** The bytes are not UTF-8 text: the lines holding invalid bytes. */
  | { kind: 'not-utf8'; broken: CsvBrokenRow[] };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a CSV file per RFC 4180: quoted cells with commas, quotes and line breaks, CRLF or LF,
 * a UTF-8 byte order mark, a trailing line break. Every row keeps the line of the file it starts
 * on, so a person can be told where to look even when a quoted line break makes a row span
 * lines. Rows may have any number of cells: the caller decides what a row must hold.
 */
export function readCsv(bytes: Uint8Array): CsvReading {
  let text: string;
  try {
    // The decoder drops a leading byte order mark.
    text = utf8.decode(bytes);
  } catch {
    return { kind: 'not-utf8', broken: linesNotUtf8(bytes) };
  }
  // The parser reports where each row ends in the UTF-8 bytes of the text; lines are counted
  // here (its own count takes a CRLF inside a quoted cell for two lines).
  const encoded = Buffer.from(text, 'utf8');
  const lineAt = lineCounter(encoded);
  const records: CsvRecord[] = [];
  let rowStart = 0;
  try {
    parse(encoded, {
      relax_column_count: true,
      // Any line break ends a row (files edited in several editors mix them).
      record_delimiter: ['\r\n', '\n', '\r'],
      on_record: (cells: string[], context) => {
        const line = lineAt(rowStart);
        rowStart = context.bytes;
        // A blank line is no row.
        if (!(cells.length === 1 && cells[0] === '')) records.push({ line, cells });
        return null;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    return { kind: 'stopped', records, broken: { line: lineAt(rowStart), message: brokenRowMessage(error) } };
  }
  return { kind: 'read', records };
}

/** The line an offset is on (CRLF, LF or a lone CR end a line), for offsets asked in increasing order. */
function lineCounter(bytes: Uint8Array): (offset: number) => number {
  let line = 1;
  let at = 0;
  return (offset) => {
    for (; at < offset && at < bytes.length; at++) {
      const byte = bytes[at];
      if (byte === 0x0d || (byte === 0x0a && bytes[at - 1] !== 0x0d)) line++;
    }
    return line;
  };
}

function brokenRowMessage(error: CsvError): string {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted cell starts in this row and is never closed';
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'a quoted cell goes on after its closing quote (write a quote inside a quoted cell as "")';
    case 'INVALID_OPENING_QUOTE':
      return 'a cell holds a quote but does not start with one (quote the whole cell and write the quote as "")';
    default:
      return 'the row is not valid CSV';
  }
}

/** The lines (as the parser would count them) that hold bytes which are not UTF-8. */
function linesNotUtf8(bytes: Uint8Array): CsvBrokenRow[] {
  const broken: CsvBrokenRow[] = [];
  let line = 1;
  let start = 0;
  const check = (end: number) => {
    try {
      utf8.decode(bytes.subarray(start, end));
    } catch {
      broken.push({ line, message: 'is not UTF-8 text (save the file as CSV UTF-8)' });
    }
  };
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    // CR and LF never occur inside a UTF-8 sequence, so lines can be checked one by one.
    if (byte !== 0x0d && byte !== 0x0a) continue;
    check(i);
    if (byte === 0x0d && bytes[i + 1] === 0x0a) i++;
    line++;
    start = i + 1;
  }
  check(bytes.length);
  return broken;
}
