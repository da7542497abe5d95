import { Link, useSearchParams } from 'react-router';
import { DateTime } from '../../../components/ui/date-time';
import { formatDollars } from '../../../lib/format';
import { useOrder } from '../../orders';
import { orderStanding } from '../order-status';
import { partsText } from './company-orders';
import { AdminOrderStanding } from './record-payment';
import { ApprovalNote, StandingBadge } from './standing';

/**
 * Manage All Order opened on one order (`?order=<id>`, the overview's overdue invoices link so):
 * that order above the list, with Record payment when it is an unpaid net-30 invoice.
 */
export function LinkedOrder() {
  const [search] = useSearchParams();
  const id = search.get('order');
  return id ? <LinkedOrderCard id={id} /> : null;
}

function LinkedOrderCard({ id }: { id: string }) {
  const order = useOrder(id);
  return (
    <section aria-labelledby="linked-order-heading" className="card mb-6 max-w-2xl border border-base-300">
      <div className="card-body gap-2 p-4">
        <h2 id="linked-order-heading" className="card-title text-lg">
          {order.data?.invoiceNumber ? `Order ${order.data.invoiceNumber}` : 'Order'}
        </h2>
        {order.isError && <p role="alert">This order cannot be found.</p>}
        {order.data && (
          <>
            <p>
              {order.data.userName} <span className="text-base-content/70">({order.data.email})</span>
              <br />
              {partsText(order.data)}: <strong>{formatDollars(order.data.price)}</strong>, placed{' '}
              <DateTime at={order.data.createdAt} time="short" />
            </p>
            {orderStanding(order.data).kind === 'invoiced' ? (
              <AdminOrderStanding order={order.data} />
            ) : (
              <div>
                <StandingBadge order={order.data} />
                <ApprovalNote order={order.data} />
              </div>
            )}
          </>
        )}
        <Link to="/dashboard/manage-all-order" className="link link-primary text-sm">
          Close
        </Link>
      </div>
    </section>
  );
}
