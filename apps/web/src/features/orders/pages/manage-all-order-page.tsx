import type { Order } from '@shop/contract/orders';
import { useDeferredValue, useState } from 'react';
import { useConfirmedAction } from '../../../components/ui/confirm-modal';
import { usePaging } from '../../../components/ui/paged-table';
import { apiDownload } from '../../../lib/api-client';
import { showError } from '../../../lib/toasts';
import { useAccessRefusal } from '../../auth';
import { AdminOrderStanding, ApprovalNote, LinkedOrder, standsWithCompany } from '../../company-orders';
import {
  filterParams,
  NO_ORDER_FILTERS,
  ORDERS_PAGE_SIZE,
  type OrderFilters,
  useAllOrders,
  useCancelOrder,
} from '../api/orders';
import { InvoiceButton } from '../components/invoice-button';
import { OrderFilterBar } from '../components/order-filters';
import { ExpiredBadge, OrderTable, PaidBadge } from '../components/order-table';

/**
 * docs/product.md §2: every order; unpaid ones can be deleted (their pieces return to stock), paid ones
 * show Paid, expired ones Expired (their pieces went back already).
 */
export function ManageAllOrderPage() {
  const paging = usePaging(ORDERS_PAGE_SIZE);
  const [filters, setFilters] = useState<OrderFilters>(NO_ORDER_FILTERS);
  const applied = useDeferredValue(filters);
  const orders = useAllOrders(paging.page, applied);
  const exportCsv = () =>
    apiDownload(`/api/purchase.csv?${filterParams(applied)}`, 'orders.csv').catch((error) =>
      showError(error),
    );
  useAccessRefusal(orders.error);
  const deleteOrder = useCancelOrder();
  const { ask, modal } = useConfirmedAction<Order>(deleteOrder, (item) => item._id);
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
  return (
    <section>
      <LinkedOrder />
      <OrderFilterBar
        filters={filters}
        onChange={(next) => {
          setFilters(next);
          paging.reset();
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
        actions={(order) =>
          order.paymentId ? (
            <div className="flex flex-wrap items-start gap-2">
              <div>
                <PaidBadge order={order} />
                <ApprovalNote order={order} />
              </div>
              <InvoiceButton order={order} showBuyer />
            </div>
          ) : standsWithCompany(order) ? (
            <AdminOrderStanding order={order}>
              {order.approval === 'pending' && deleteButton(order)}
            </AdminOrderStanding>
          ) : order.expiredAt ? (
            <ExpiredBadge order={order} />
          ) : (
            <div className="flex flex-col items-start gap-1">
              {deleteButton(order)}
              <ApprovalNote order={order} />
            </div>
          )
        }
      />
      {modal}
    </section>
  );
}
