import { BOM_MAX_COLUMNS, BOM_MAX_ROWS } from '@shop/contract/bom';
import { AppError, badRequest } from '../../http/app-error.js';

/** A row of the file with a cell in it, by its number in the file (1 is the first). */
export interface TableRow {
  row: number;
  cells: string[];
}

/** The rows read before the work starts: a header and the BOM's rows, and one more to know there are too many. */
export const MAX_READ_ROWS = BOM_MAX_ROWS + 2;

export const tooManyRows = () =>
  new AppError(
    'too_large',
    `A bill of materials may have at most ${BOM_MAX_ROWS.toLocaleString('en-US')} rows (besides its header); this one has more. Split it in parts.`,
  );

export const tooManyColumns = (row: number, columns: number) =>
  badRequest(
    `Row ${row} has ${columns.toLocaleString('en-US')} columns; a bill of materials may have at most ${BOM_MAX_COLUMNS}`,
  );

/** Collects the rows of a file as they are read, refusing at once a row too wide or one row too many. */
export class RowCollector {
  readonly rows: TableRow[] = [];
  /** Adds a row; false once the file has more rows than are read (the reading may stop). */
  add(row: number, cells: string[]): boolean {
    // Empty cells at the end of a row are none.
    let width = cells.length;
    while (width > 0 && (cells[width - 1] ?? '').trim() === '') width--;
    if (width > BOM_MAX_COLUMNS) throw tooManyColumns(row, width);
    // A row without a cell (a blank line) is no row.
    if (width === 0) return true;
    cells.length = width;
    this.rows.push({ row, cells });
    return this.rows.length < MAX_READ_ROWS;
  }
}
