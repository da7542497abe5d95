import type { Order } from '@shop/contract/orders';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useConfirmedAction } from '../../../components/ui/confirm-modal';
import { usePaging } from '../../../components/ui/paged-table';
import { orderNamed } from '../../../lib/order-name';
import { useAccessRefusal, useSession } from '../../auth';
import { BuyerOrderStanding, standsWithCompany } from '../../company-orders';
import { InvoiceButton } from '../../invoices';
import { SaveOrderAsList, setBuilderLines } from '../../order-builder';
import { PayLink } from '../../payments';
import { ORDERS_PAGE_SIZE, type OrderStatusChoice, useCancelOrder, useMyOrders } from '../api/orders';
import { OrderDelivery, useDropWaitingAction } from '../components/order-delivery';
import { OrderStatusFilter } from '../components/order-filters';
import { CancelledBadge, ExpiredBadge, OrderTable, PaidBadge } from '../components/order-table';
import { OrderTimeline } from '../components/order-timeline';
import { buyAgain, moreParts, morePartsText } from '../order-lines';

/**
 * docs/product.md §2, §4: the buyer's orders, each with its progress (placed, paid, shipped,
 * delivered), its lines' pieces (allocated, waiting, shipped, dropped: waiting ones can be
 * dropped), its shipments and any refund or credit note; unpaid ones offer Pay and Cancel, paid and expired ones Buy again, and an invoiced
 * one (paid, or on net-30 terms) its Invoice. Show: the cancelled orders instead, each marked
 * Cancelled with when (kept in the address: ?status=cancelled).
 */
export function MyOrderPage() {
  const session = useSession();
  const email = session.status === 'signed-in' ? session.user.email : '';
  const paging = usePaging(ORDERS_PAGE_SIZE);
  const [search, setSearch] = useSearchParams();
  const status: OrderStatusChoice = search.get('status') === 'cancelled' ? 'cancelled' : '';
  const orders = useMyOrders(email, paging.page, status);
  useAccessRefusal(orders.error);
  const cancelOrder = useCancelOrder();
  const { ask, modal } = useConfirmedAction<Order>(
    cancelOrder,
    (item) => item._id,
    (order) => `Cancel ${orderNamed(order)}. Its pieces go back to stock.`,
  );
  const dropWaiting = useDropWaitingAction();
  return (
    <section>
      <OrderStatusFilter
        className="mb-4 max-w-xs"
        value={status}
        onChange={(next) => {
          paging.reset();
          setSearch(next ? { status: next } : {}, { replace: true, preventScrollReset: true });
        }}
      />
      <OrderTable
        orders={orders}
        paging={paging}
        empty={
          status === 'cancelled' ? (
            <p>No cancelled orders.</p>
          ) : (
            <p>
              No orders yet.{' '}
              <Link to="/parts" className="link link-primary">
                Browse the tools
              </Link>
            </p>
          )
        }
        extraColumn={{
          header: 'Progress',
          cell: (order) => (
            <>
              <OrderTimeline order={order} />
              <OrderDelivery order={order} onDrop={dropWaiting.ask} />
            </>
          ),
          underPartOnPhones: true,
        }}
        actions={(order) =>
          order.status === 'cancelled' ? (
            <div className="flex flex-wrap items-start gap-2">
              <CancelledBadge order={order} />
              <BuyAgainLink order={order} />
            </div>
          ) : order.paymentId ? (
            <div className="flex flex-wrap items-start gap-2">
              <PaidBadge order={order} />
              <InvoiceButton order={order} />
              <BuyAgainLink order={order} />
              <SaveOrderAsList order={order} />
            </div>
          ) : standsWithCompany(order) ? (
            <BuyerOrderStanding order={order}>
              {order.approval === 'pending' && (
                <button type="button" className="btn btn-error btn-xs" onClick={() => ask(order)}>
                  Cancel
                </button>
              )}
              <InvoiceButton order={order} />
            </BuyerOrderStanding>
          ) : order.expiredAt ? (
            <div className="flex flex-wrap items-start gap-2">
              <ExpiredBadge order={order} />
              <BuyAgainLink order={order} />
              <SaveOrderAsList order={order} />
            </div>
          ) : (
            <div className="flex flex-wrap gap-2">
              <PayLink orderId={order._id} />
              <button type="button" className="btn btn-error btn-xs" onClick={() => ask(order)}>
                Cancel
              </button>
              <SaveOrderAsList order={order} />
            </div>
          )
        }
      />
      {modal}
      {dropWaiting.modal}
    </section>
  );
}

/**
 * Buy again, after a paid or an expired order: a one-line order opens its part's purchase page with
 * its quantity filled in; an order of several lines puts every line into the order builder.
 */
function BuyAgainLink({ order }: { order: Order }) {
  const navigate = useNavigate();
  const again = buyAgain(order);
  if (again.kind === 'purchase')
    return (
      <Link to={again.href} className="btn btn-outline btn-xs" aria-label={`Buy again: ${order.partsName}`}>
        Buy again
      </Link>
    );
  return (
    <button
      type="button"
      className="btn btn-outline btn-xs"
      aria-label={`Buy again: ${order.partsName} ${morePartsText(moreParts(order))}`}
      onClick={() => {
        setBuilderLines(again.lines);
        navigate('/order');
      }}
    >
      Buy again
    </button>
  );
}
