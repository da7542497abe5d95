import { ORDER_STATES, type Order, type OrderState } from '@shop/contract/orders';
import { useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useConfirmedAction } from '../../../components/ui/confirm-modal';
import { usePaging } from '../../../components/ui/paged-table';
import { apiDownload } from '../../../lib/api-client';
import { orderNamed } from '../../../lib/order-name';
import { showError } from '../../../lib/toasts';
import { useAccessRefusal } from '../../auth';
import { AdminOrderStanding, ApprovalNote, LinkedOrder, standsWithCompany } from '../../company-orders';
import { InvoiceButton } from '../../invoices';
import {
  filterParams,
  NO_ORDER_FILTERS,
  ORDERS_PAGE_SIZE,
  type OrderFilters,
  useAllOrders,
  useCancelOrder,
} from '../api/orders';
import { useFulfilmentActions } from '../components/fulfilment';
import { OrderFilterBar } from '../components/order-filters';
import { CancelledBadge, ExpiredBadge, OrderTable, PaidBadge } from '../components/order-table';

const isOrderState = (value: string | null): value is OrderState =>
  (ORDER_STATES as readonly (string | null)[]).includes(value);

/**
 * docs/product.md §2: every order; unpaid ones can be deleted (their pieces return to stock), paid ones
 * show Paid, expired ones Expired (their pieces went back already); an invoiced one (paid, or on
 * net-30 terms) offers its Invoice. A paid (or invoiced) order is marked shipped (carrier,
 * tracking number), then delivered; an order with pieces allocated ships them in parcels (Ship),
 * each delivered on its own. Each row says where the order goes. The state filter (to pay, to
 * approve, to ship, ready to ship, shipped, …) is in the address (?state=to_ship and
 * ?state=ready_to_ship: the overview links there).
 * Show: the cancelled orders (a Delete cancels an order: it stays, marked Cancelled) instead of
 * the others.
 */
export function ManageAllOrderPage() {
  const paging = usePaging(ORDERS_PAGE_SIZE);
  const [search, setSearch] = useSearchParams();
  const [filters, setFilters] = useState<OrderFilters>(() => {
    const state = search.get('state');
    return { ...NO_ORDER_FILTERS, state: isOrderState(state) ? state : '' };
  });
  const applied = useDeferredValue(filters);
  const orders = useAllOrders(paging.page, applied);
  const exportCsv = () =>
    apiDownload(`/api/purchase.csv?${filterParams(applied)}`, 'orders.csv').catch((error) =>
      showError(error),
    );
  useAccessRefusal(orders.error);
  const deleteOrder = useCancelOrder();
  const { ask, modal } = useConfirmedAction<Order>(
    deleteOrder,
    (item) => item._id,
    (order) => `Cancel ${orderNamed(order)} of ${order.userName}. Its pieces go back to stock.`,
  );
  const deleteButton = (order: Order) => (
    <button
      type="button"
      className="btn btn-error btn-xs"
      aria-label={`Delete the order of ${order.userName} for ${order.partsName}`}
      onClick={() => ask(order)}
    >
      Delete
    </button>
  );
  const fulfilment = useFulfilmentActions();
  return (
    <section>
      <LinkedOrder />
      <OrderFilterBar
        filters={filters}
        onChange={(next) => {
          setFilters(next);
          paging.reset();
          if (next.state !== filters.state)
            setSearch(next.state ? { state: next.state } : {}, { replace: true, preventScrollReset: true });
        }}
      />
      <button type="button" className="btn btn-outline btn-sm mb-4" onClick={exportCsv}>
        Export CSV
      </button>
      <OrderTable
        orders={orders}
        paging={paging}
        empty={<p>No orders match.</p>}
        showBuyer
        extraColumn={{ header: 'Shipping', cell: fulfilment.summary }}
        actions={(order) =>
          order.status === 'cancelled' ? (
            <CancelledBadge order={order} />
          ) : order.paymentId ? (
            <div className="flex flex-wrap items-start gap-2">
              <div>
                <PaidBadge order={order} />
                <ApprovalNote order={order} />
              </div>
              <InvoiceButton order={order} showBuyer />
              {fulfilment.actions(order)}
            </div>
          ) : order.fulfilment.status !== 'unfulfilled' ? (
            // A net-30 order ships before it is paid; once shipped it is never deleted.
            <div className="flex flex-wrap items-start gap-2">
              {standsWithCompany(order) && <AdminOrderStanding order={order} />}
              <InvoiceButton order={order} showBuyer />
              {fulfilment.actions(order)}
            </div>
          ) : standsWithCompany(order) ? (
            <AdminOrderStanding order={order}>
              <div className="flex flex-wrap items-start gap-2">
                {order.approval === 'pending' && deleteButton(order)}
                <InvoiceButton order={order} showBuyer />
                {order.dueDate && fulfilment.actions(order)}
              </div>
            </AdminOrderStanding>
          ) : order.expiredAt ? (
            <ExpiredBadge order={order} />
          ) : (
            <div className="flex flex-wrap items-start gap-2">
              {fulfilment.actions(order)}
              {deleteButton(order)}
              <ApprovalNote order={order} />
            </div>
          )
        }
      />
      {modal}
      {fulfilment.dialogs}
    </section>
  );
}
