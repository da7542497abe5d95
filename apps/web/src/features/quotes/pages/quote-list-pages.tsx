import { QuoteStatus } from '@shop/contract/quotes';
import { Link, useSearchParams } from 'react-router';
import { usePaging } from '../../../components/ui/paged-table';
import { useAccessRefusal } from '../../auth';
import { QUOTES_PAGE_SIZE, useQuotes } from '../api/quotes';
import { QuoteStatusFilter } from '../components/quote-status';
import { QuoteTable } from '../components/quote-table';

/** My Quotes (buyers): their quotes, newest first, by status, each opening its page. */
export function MyQuotesPage() {
  return <QuotesList showBuyer={false} />;
}

/** Quotes (admins): every buyer's quotes, newest first, by status. */
export function QuotesPage() {
  return <QuotesList showBuyer />;
}

function QuotesList({ showBuyer }: { showBuyer: boolean }) {
  // The status shown is in the address (?status=requested), so that a link can open it so.
  const [search, setSearch] = useSearchParams();
  const asked = QuoteStatus.safeParse(search.get('status'));
  const status: QuoteStatus | '' = asked.success ? asked.data : '';
  const setStatus = (next: QuoteStatus | '') =>
    setSearch(
      (before) => {
        const after = new URLSearchParams(before);
        if (next) after.set('status', next);
        else after.delete('status');
        return after;
      },
      { replace: true },
    );
  const paging = usePaging(QUOTES_PAGE_SIZE);
  const quotes = useQuotes(paging.page, status);
  useAccessRefusal(quotes.error);
  return (
    <section>
      <QuoteStatusFilter
        status={status}
        onChange={(next) => {
          setStatus(next);
          paging.reset();
        }}
      />
      <QuoteTable
        quotes={quotes}
        paging={paging}
        showBuyer={showBuyer}
        empty={
          showBuyer ? (
            <p>No quotes{status ? ' of this status' : ' yet'}.</p>
          ) : (
            <p>
              No quotes{status ? ' of this status' : ' yet'}. Need more pieces than a part offers, or a better
              price for a large order? Choose parts in the{' '}
              <Link to="/catalog" className="link link-primary">
                catalog
              </Link>{' '}
              and Request a quote.
            </p>
          )
        }
      />
    </section>
  );
}
