import { type Key, type ReactNode, useState } from 'react';
import { Pager } from './pager';
import { ProgressBar } from './progress-bar';

/** One column of a table: its heading, what each row shows in it, and the cells' class. */
export interface Column<Row> {
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  className?: string;
  /** The heading's class (a column hidden on phones hides its heading too). */
  headerClassName?: string;
  /**
   * The row's actions: while a narrow screen (a phone) scrolls the table sideways, this column stays
   * in view at its right edge, so no action is ever off-screen.
   */
  action?: boolean;
}

/** What keeps an action column in view: stuck to the scroll box's right edge, over the cells it passes (shaded where a table may be scrolled: below md). */
const ACTION_CELL = 'sticky right-0 z-[1] bg-base-100 max-md:shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.25)]';

const headerClass = (column: { headerClassName?: string | undefined; action?: boolean | undefined }) =>
  [column.headerClassName, column.action ? ACTION_CELL : ''].filter(Boolean).join(' ') || undefined;
const cellClass = (column: { className?: string | undefined; action?: boolean | undefined }) =>
  [column.className, column.action ? ACTION_CELL : ''].filter(Boolean).join(' ') || undefined;

/** Where a paged list is: its first row's place, its page size and how to go to another page. */
export interface Paging {
  offset: number;
  limit: number;
  onChange: (offset: number) => void;
}

/**
 * A list of the dashboard as a table: the loading bar while it loads, `empty` when it has no row,
 * else its rows, and, given `paging` and the list's `total`, Previous/Next under it. Wider than the
 * screen, the table scrolls sideways in its own box, its `action` column kept in view.
 */
export function PagedTable<Row>({
  loading,
  rows,
  total,
  paging,
  columns,
  rowKey,
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
  empty?: ReactNode;
  className?: string;
  /**
   * A table with nothing to focus in it (no link or button): its scroll box takes the focus,
   * named so, that a keyboard can scroll it sideways on a narrow screen.
   */
  scrollLabel?: string;
}) {
  return (
    <>
      {loading && <ProgressBar />}
      {rows?.length === 0 && empty}
      {rows && rows.length > 0 && (
        <div
          className="overflow-x-auto"
          {...(scrollLabel ? { tabIndex: 0, role: 'region', 'aria-label': scrollLabel } : {})}
        >
          <table className={className}>
            <thead>
              <tr>
                {columns.map((column, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns are fixed.
                  <th key={index} scope="col" className={headerClass(column)}>
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, rowIndex) => (
                <tr key={rowKey(row)}>
                  {columns.map((column, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns are fixed.
                    <td key={index} className={cellClass(column)}>
                      {column.cell(row, rowIndex)}
                    </td>
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
