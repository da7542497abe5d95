import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type unzipper from 'unzipper';
import { AppError, badRequest } from '../../http/app-error.js';
import { RowCollector, type TableRow } from './table.js';

/** The most a workbook may unpack to, all its parts together (a real BOM's is well below 10 MiB). */
export const XLSX_MAX_UNPACKED_BYTES = 32 * 1024 * 1024;
/** The most parts (files) a workbook's package may hold. */
const XLSX_MAX_ENTRIES = 2000;

const notAWorkbook = () =>
  badRequest('The file is not a readable XLSX workbook: save it again from your spreadsheet as XLSX or CSV');
const tooBig = () =>
  badRequest(
    `The workbook unpacks to more than ${XLSX_MAX_UNPACKED_BYTES / 1024 / 1024} MiB: no bill of materials is that large. Save the sheet alone as CSV`,
  );

/**
 * exceljs and unzipper, loaded with the first workbook read, not with every start: exceljs alone
 * keeps about 25 MB resident, for a file few buyers upload.
 */
const workbookLibraries = async () => {
  const [{ default: excel }, { default: zip }] = await Promise.all([import('exceljs'), import('unzipper')]);
  return { ExcelJS: excel, unzipper: zip };
};

/** Whether the bytes are a ZIP package (an XLSX workbook is one). */
export const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * Unpacks every part of the package once, counting what it unpacks to, before the workbook is read:
 * a small file that unpacks to gigabytes (a ZIP bomb, huge shared strings) is refused having
 * unpacked no more than the limit. Sizes are counted as unpacked, not taken from the package's word.
 */
async function checkUnpackedSize(bytes: Buffer, zip: typeof unzipper): Promise<void> {
  let directory: unzipper.CentralDirectory;
  try {
    directory = await zip.Open.buffer(bytes);
  } catch {
    throw notAWorkbook();
  }
  if (directory.files.length > XLSX_MAX_ENTRIES) throw tooBig();
  let total = 0;
  for (const file of directory.files) {
    if (file.type !== 'File') continue;
    if (total + file.uncompressedSize > XLSX_MAX_UNPACKED_BYTES) throw tooBig();
    const entry = file.stream();
    try {
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > XLSX_MAX_UNPACKED_BYTES) throw tooBig();
      }
    } catch (error) {
      entry.destroy();
      if (error instanceof AppError) throw error;
      throw notAWorkbook();
    }
  }
}

/** A cell's value as text: numbers as JavaScript writes them, a formula's last result, rich text's characters. */
function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('formula' in value || 'sharedFormula' in value)
    return cellText((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
  // An error value (#N/A, #REF!) holds nothing to read.
  return '';
}

/**
 * The rows of the workbook's first sheet (exceljs's streaming reader), each by its row number.
 * A cell with a formula gives the result the spreadsheet saved with it (none: empty). Reading
 * stops one row past the limit.
 */
export async function readWorkbook(bytes: Buffer): Promise<TableRow[]> {
  const { ExcelJS, unzipper } = await workbookLibraries();
  await checkUnpackedSize(bytes, unzipper);
  const collector = new RowCollector();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = row.values as ExcelJS.CellValue[];
        // values[0] is unused: cells are numbered from 1, as columns are.
        const cells = Array.from({ length: Math.max(0, values.length - 1) }, (_, i) =>
          cellText(values[i + 1]),
        );
        if (!collector.add(row.number, cells)) break;
      }
      break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The streaming reader fails on a package that holds a sheet before its workbook part (some
    // writers order them so); the whole-file reader takes any order. The size check bounds it.
    return readWholeWorkbook(bytes, ExcelJS);
  }
  return collector.rows;
}

/** The first sheet's rows read from the whole package at once (bounded by checkUnpackedSize). */
async function readWholeWorkbook(bytes: Buffer, excel: typeof ExcelJS): Promise<TableRow[]> {
  const workbook = new excel.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw notAWorkbook();
  }
  const collector = new RowCollector();
  const sheet = workbook.worksheets[0];
  if (!sheet) return collector.rows;
  for (let number = 1; number <= sheet.rowCount; number++) {
    const row = sheet.getRow(number);
    if (!row.hasValues) continue;
    const values = row.values as ExcelJS.CellValue[];
    const cells = Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => cellText(values[i + 1]));
    if (!collector.add(number, cells)) break;
  }
  return collector.rows;
}
