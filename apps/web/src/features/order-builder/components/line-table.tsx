import type { Key, ReactNode } from 'react';
import { LabelledCell } from '../../../components/ui/labelled-cell';

/** A column of a line table: its heading, its cell, and whether on a phone it shows its heading. */
export interface LineColumn<Row> {
  header: string;
  cell: (row: Row, index: number) => ReactNode;
  className?: string;
  /** On a phone, the cell shows no heading of its own and spans the card (the actions). */
  bare?: boolean;
}

/**
 * Lines of parts as a table on wider screens and, below 640 px, as one card per line whose values
 * follow their headings (`table-cards`): every quantity field and button stays in view on a
 * 360 px phone, with no sideways scrolling.
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
      <table className="table table-sm table-cards md:table-md">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)} className="align-top">
              {columns.map((column) => (
                <LabelledCell
                  key={column.header}
                  label={column.bare ? undefined : column.header}
                  className={column.className}
                >
                  {column.cell(row, index)}
                </LabelledCell>
              ))}
            </tr>
          ))}
        </tbody>
        {footer && <tfoot>{footer}</tfoot>}
      </table>
    </div>
  );
}
