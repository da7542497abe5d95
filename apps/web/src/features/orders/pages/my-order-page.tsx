import type { Order } from '@shop/contract/orders';
import { useState } from 'react';
import { Link } from 'react-router';
import { useConfirmedAction } from '../../../components/ui/confirm-modal';
import { Pager } from '../../../components/ui/pager';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useSession } from '../../auth/session';
import { useAccessRefusal } from '../../auth/use-access-refusal';
import { PayLink } from '../../payments/components/pay-link';
import { ORDERS_PAGE_SIZE, useCancelOrder, useMyOrders } from '../api/orders';
import { InvoiceButton } from '../components/invoice-button';
import { ExpiredBadge, OrderTable, PaidBadge } from '../components/order-table';

const PAGE_SIZE = ORDERS_PAGE_SIZE;

/**
 * SPEC.md §2, §4: the buyer's orders; unpaid ones offer Pay and Cancel, paid and expired ones
 * Buy again.
 */
export function MyOrderPage() {
  const session = useSession();
  const email = session.status === 'signed-in' ? session.user.email : '';
  const [offset, setOffset] = useState(0);
  const orders = useMyOrders(email, { limit: PAGE_SIZE, offset });
  useAccessRefusal(orders.error);
  const cancelOrder = useCancelOrder();
  const { ask, modal } = useConfirmedAction<Order>(cancelOrder, (item) => item._id);
  return (
    <section>
      {orders.isPending && <ProgressBar />}
      {orders.data?.orders.length === 0 && (
        <p>
          No orders yet.{' '}
          <Link to="/parts" className="link link-primary">
            Browse the tools
          </Link>
        </p>
      )}
      {orders.data && orders.data.orders.length > 0 && (
        <OrderTable
          orders={orders.data.orders}
          actions={(order) =>
            order.paymentId ? (
              <div className="flex flex-wrap items-start gap-2">
                <PaidBadge order={order} />
                <InvoiceButton order={order} />
                <BuyAgainLink order={order} />
              </div>
            ) : order.expiredAt ? (
              <div className="flex flex-wrap items-start gap-2">
                <ExpiredBadge order={order} />
                <BuyAgainLink order={order} />
              </div>
            ) : (
              <div className="flex gap-2">
                <PayLink orderId={order._id} />
                <button type="button" className="btn btn-error btn-xs" onClick={() => ask(order)}>
                  Cancel
                </button>
              </div>
            )
          }
        />
      )}
      {orders.data && (
        <Pager offset={offset} limit={PAGE_SIZE} total={orders.data.total} onChange={setOffset} />
      )}
      {modal}
    </section>
  );
}

/** The part's purchase page with the order's quantity filled in (after a paid or an expired order). */
function BuyAgainLink({ order }: { order: Order }) {
  return (
    <Link
      to={`/purchase/${order.partsId}?quantity=${order.quantity}`}
      className="btn btn-outline btn-xs"
      aria-label={`Buy again: ${order.partsName}`}
    >
      Buy again
    </Link>
  );
}
