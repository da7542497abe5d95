import type { Key, ReactNode } from 'react';

/** A column of a line table: its heading, its cell, and whether on a phone it takes the card's whole width. */
export interface LineColumn<Row> {
  header: string;
  cell: (row: Row, index: number) => ReactNode;
  className?: string;
  /** On a phone, the cell spans the card's width (the part's name, the actions). */
  wide?: boolean;
  /** On a phone, the cell shows no heading of its own (the part's name, the actions). */
  bare?: boolean;
}

/**
 * Lines of parts as a table on wider screens and, below 640 px, as one card per line whose cells
 * carry their own headings: every quantity field and button stays in view on a 360 px phone, with
 * no sideways scrolling.
 */
export function LineTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  footer,
}: {
  caption: string;
  columns: LineColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => Key;
  footer?: ReactNode;
}) {
  return (
    <div className="sm:overflow-x-auto">
      <table className="table table-sm max-sm:block md:table-md">
        <caption className="sr-only">{caption}</caption>
        <thead className="max-sm:hidden">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:flex max-sm:flex-col max-sm:gap-3">
          {rows.map((row, index) => (
            <tr
              key={rowKey(row, index)}
              className="align-top max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:gap-y-2 max-sm:rounded-box max-sm:border max-sm:border-base-300 max-sm:p-3"
            >
              {columns.map((column) => (
                <td
                  key={column.header}
                  className={`max-sm:block max-sm:border-0 max-sm:p-0 ${column.wide ? 'max-sm:col-span-2' : ''} ${column.className ?? ''}`}
                >
                  {!column.bare && (
                    <span className="block text-xs text-base-content/70 sm:hidden" aria-hidden="true">
                      {column.header}
                    </span>
                  )}
                  <span className="contents">{column.cell(row, index)}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {footer && <tfoot className="max-sm:block">{footer}</tfoot>}
      </table>
    </div>
  );
}
