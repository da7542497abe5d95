import { type Key, type ReactNode, useState } from 'react';
import { LabelledCell } from './labelled-cell';
import { Pager } from './pager';
import { ProgressBar } from './progress-bar';

/**
 * One column of a table: its heading, what each row shows in it, and the cells' class. Below
 * 640 px a row is a card and each value follows its column's `label`: the heading when it is a
 * text, else said here ('' for none: the row's actions, whose buttons name themselves).
 */
export type Column<Row> = {
  cell: (row: Row, index: number) => ReactNode;
  className?: string;
  /** The heading's class. */
  headerClassName?: string;
} & ({ header: string; label?: string } | { header: ReactNode; label: string });

/** What a cell's value follows on a phone's card: its column's label, or its heading's text. */
const cardLabel = <Row,>(column: Column<Row>): string | undefined =>
  column.label ?? (typeof column.header === 'string' ? column.header : undefined);

/** Where a paged list is: its first row's place, its page size and how to go to another page. */
export interface Paging {
  offset: number;
  limit: number;
  onChange: (offset: number) => void;
}

/**
 * A list of the dashboard as a table: the loading bar while it loads, `empty` when it has no row,
 * else its rows, and, given `paging` and the list's `total`, Previous/Next under it. Below 640 px
 * each row is a card of labelled values (`table-cards`, styles.css); wider, should the table still
 * be wider than the screen, it scrolls sideways in its own box.
 */
export function PagedTable<Row>({
  loading,
  rows,
  total,
  paging,
  columns,
  rowKey,
  rowClassName,
  empty,
  className = 'table',
  scrollLabel,
}: {
  loading: boolean;
  rows: Row[] | undefined;
  total?: number | undefined;
  paging?: Paging;
  columns: Column<Row>[];
  rowKey: (row: Row) => Key;
  /** A row's class (the one a page has open, marked). */
  rowClassName?: (row: Row) => string | undefined;
  empty?: ReactNode;
  className?: string;
  /**
   * A table with nothing to focus in it (no link or button): its scroll box takes the focus,
   * named so, that a keyboard can scroll it sideways should it be wider than the screen.
   */
  scrollLabel?: string;
}) {
  return (
    <>
      {loading && <ProgressBar />}
      {rows?.length === 0 && empty}
      {rows && rows.length > 0 && (
        <div
          className="sm:overflow-x-auto"
          {...(scrollLabel ? { tabIndex: 0, role: 'region', 'aria-label': scrollLabel } : {})}
        >
          <table className={`${className} table-cards`}>
            <thead>
              <tr>
                {columns.map((column, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns are fixed.
                  <th key={index} scope="col" className={column.headerClassName}>
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, rowIndex) => (
                <tr key={rowKey(row)} className={rowClassName?.(row)}>
                  {columns.map((column, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns are fixed.
                    <LabelledCell key={index} className={column.className} label={cardLabel(column)}>
                      {column.cell(row, rowIndex)}
                    </LabelledCell>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {paging && total !== undefined && (
        <Pager offset={paging.offset} limit={paging.limit} total={total} onChange={paging.onChange} />
      )}
    </>
  );
}

/**
 * A paged list's place, from its first page: `page` is what its query asks for, `reset` goes back
 * to the first page (when a filter changes).
 */
export function usePaging(
  limit: number,
): Paging & { page: { limit: number; offset: number }; reset: () => void } {
  const [offset, setOffset] = useState(0);
  return { offset, limit, onChange: setOffset, reset: () => setOffset(0), page: { limit, offset } };
}
