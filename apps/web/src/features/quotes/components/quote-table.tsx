import type { Quote } from '@shop/contract/quotes';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DateTime } from '../../../components/ui/date-time';
import { type Column, PagedTable, type Paging } from '../../../components/ui/paged-table';
import { formatDollars } from '../../../lib/format';
import { quoteTotal } from '../quote-lines';
import { QuoteStatusBadge } from './quote-status';

/** A quote's parts in a cell: the first one's name and how many more. */
function partsText(quote: Quote): string {
  const first = quote.lines[0]?.partsName ?? '';
  const more = quote.lines.length - 1;
  return more > 0 ? `${first} + ${more} more ${more === 1 ? 'part' : 'parts'}` : first;
}

function quoteColumns(showBuyer: boolean): Column<Quote>[] {
  const buyer: Column<Quote> = {
    header: 'Buyer',
    className: 'break-all',
    cell: (quote) => (
      <>
        {quote.userName}
        <br />
        <span className="text-sm text-base-content/70">{quote.email}</span>
      </>
    ),
  };
  // Parts and status first: what a phone shows before the table is scrolled.
  return [
    { header: 'Parts', className: 'min-w-28 sm:min-w-40', cell: partsText },
    { header: 'Status', cell: (quote) => <QuoteStatusBadge status={quote.status} /> },
    ...(showBuyer ? [buyer] : []),
    {
      header: 'Total',
      className: 'whitespace-nowrap',
      cell: (quote) => {
        const total = quoteTotal(quote.lines);
        return total === undefined ? '—' : formatDollars(total);
      },
    },
    {
      header: 'Asked',
      className: 'min-w-28',
      cell: (quote) => <DateTime at={quote.createdAt} time="short" />,
    },
    {
      header: 'Quote',
      cell: (quote) => (
        <Link
          to={`/dashboard/quotes/${encodeURIComponent(quote._id)}`}
          className="btn btn-outline btn-primary btn-xs"
          aria-label={`Open the quote: ${partsText(quote)}`}
        >
          Open
        </Link>
      ),
    },
  ];
}

/** A page of quotes as a table, newest first (the server's order), each opening its quote's page. */
export function QuoteTable({
  quotes,
  paging,
  empty,
  showBuyer = false,
}: {
  quotes: { isPending: boolean; data?: { quotes: Quote[]; total: number } | undefined };
  paging: Paging;
  empty: ReactNode;
  showBuyer?: boolean;
}) {
  return (
    <PagedTable
      loading={quotes.isPending}
      rows={quotes.data?.quotes}
      total={quotes.data?.total}
      paging={paging}
      columns={quoteColumns(showBuyer)}
      rowKey={(quote) => quote._id}
      empty={empty}
      className="table table-sm sm:table-md"
    />
  );
}
