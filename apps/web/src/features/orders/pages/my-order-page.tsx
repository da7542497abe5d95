import type { Order } from '@shop/contract/orders';
import { Link } from 'react-router';
import { useConfirmedAction } from '../../../components/ui/confirm-modal';
import { usePaging } from '../../../components/ui/paged-table';
import { useAccessRefusal, useSession } from '../../auth';
import { PayLink } from '../../payments';
import { ORDERS_PAGE_SIZE, useCancelOrder, useMyOrders } from '../api/orders';
import { InvoiceButton } from '../components/invoice-button';
import { ExpiredBadge, OrderTable, PaidBadge } from '../components/order-table';

/**
 * docs/product.md §2, §4: the buyer's orders; unpaid ones offer Pay and Cancel, paid and expired ones
 * Buy again.
 */
export function MyOrderPage() {
  const session = useSession();
  const email = session.status === 'signed-in' ? session.user.email : '';
  const paging = usePaging(ORDERS_PAGE_SIZE);
  const orders = useMyOrders(email, paging.page);
  useAccessRefusal(orders.error);
  const cancelOrder = useCancelOrder();
  const { ask, modal } = useConfirmedAction<Order>(cancelOrder, (item) => item._id);
  return (
    <section>
      <OrderTable
        orders={orders}
        paging={paging}
        empty={
          <p>
            No orders yet.{' '}
            <Link to="/parts" className="link link-primary">
              Browse the tools
            </Link>
          </p>
        }
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
