import { RUNNING_LOW_MIN_ORDERS } from '@shop/contract/overview';
import { Link } from 'react-router';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { formatCount, formatDollars } from '../../../lib/format';
import { useAccessRefusal } from '../../auth';
import { OverdueInvoicesPanel } from '../../company-orders';
import { useOverview } from '../api/get-overview';
import { Backorders } from '../components/backorders';
import { FiguresTable } from '../components/figures-table';
import { SalesChart } from '../components/sales-chart';
import { StockList } from '../components/stock-list';
import { ToShip } from '../components/to-ship';
import { totalsOf } from '../summary';

/**
 * The admins' dashboard home: how the shop did over 30 days, what is owed, what waits to ship, and
 * what to restock: parts orders wait for against what is incoming, and parts short of stock.
 */
export function OverviewPage() {
  const overview = useOverview();
  useAccessRefusal(overview.error);
  const data = overview.data;
  const totals = data && totalsOf(data.days);
  return (
    <section>
      {overview.isPending && <ProgressBar />}
      {data && totals && (
        <div className="flex flex-col gap-6">
          <OverdueInvoicesPanel overdue={data.overdueInvoices} />
          <dl className="stats stats-vertical w-full border border-base-300 sm:stats-horizontal">
            <div className="stat">
              <dt className="stat-title">Unpaid orders</dt>
              <dd className="stat-value text-2xl">{formatDollars(data.unpaid.value)}</dd>
              <dd className="stat-desc">
                {formatCount(data.unpaid.count)} {data.unpaid.count === 1 ? 'order' : 'orders'} awaiting
                payment
              </dd>
            </div>
            <div className="stat">
              <dt className="stat-title">Orders, last 30 days</dt>
              <dd className="stat-value text-2xl">{formatCount(totals.orders)}</dd>
              <dd className="stat-desc">placed, cancelled ones not counted</dd>
            </div>
            <div className="stat">
              <dt className="stat-title">Revenue, last 30 days</dt>
              <dd className="stat-value text-2xl">{formatDollars(totals.revenue)}</dd>
              <dd className="stat-desc">paid in these days</dd>
            </div>
            <div className="stat">
              <dt className="stat-title">Quotes waiting</dt>
              <dd className="stat-value text-2xl">{formatCount(data.quotesRequested)}</dd>
              <dd className="stat-desc">
                <Link to="/dashboard/quotes?status=requested" className="link link-primary">
                  {data.quotesRequested === 1 ? 'quote waits' : 'quotes wait'} for an answer
                </Link>
              </dd>
            </div>
          </dl>

          <ToShip toShip={data.toShip} />

          <section aria-labelledby="sales-heading">
            <h2 id="sales-heading" className="mb-2 text-xl font-semibold">
              Orders and revenue per day
            </h2>
            <SalesChart days={data.days} />
            <FiguresTable days={data.days} />
          </section>

          <div className="grid gap-6 xl:grid-cols-2">
            <Backorders backorders={data.backorders} refundsDue={data.refundsDue} />
            <StockList
              id="cannot-be-ordered"
              title="Cannot be ordered"
              rule="Fewer pieces available than the minimum order."
              list={data.cannotBeOrdered}
              empty="Every part can be ordered."
            />
            <StockList
              id="running-low"
              title="Running low"
              rule={`Fewer than ${RUNNING_LOW_MIN_ORDERS} minimum orders left.`}
              list={data.runningLow}
              empty="No part is running low."
            />
          </div>
        </div>
      )}
    </section>
  );
}
