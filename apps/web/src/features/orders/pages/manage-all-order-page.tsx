import type { Order } from '@shop/contract/orders';
import { useState } from 'react';
import { useConfirmedAction } from '../../../components/ui/confirm-modal';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pager } from '../../../components/ui/pager';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useAccessRefusal } from '../../auth/use-access-refusal';
import { useAllOrders, useCancelOrder } from '../api/orders';
import { OrderTable, PaidBadge } from '../components/order-table';

const PAGE_SIZE = 20;

/** SPEC.md §2: every order; unpaid ones can be deleted (their pieces return to stock), paid ones show Paid. */
export function ManageAllOrderPage() {
  const [offset, setOffset] = useState(0);
  const orders = useAllOrders({ limit: PAGE_SIZE, offset });
  useAccessRefusal(orders.error);
  const deleteOrder = useCancelOrder();
  const { ask, modal } = useConfirmedAction<Order>(deleteOrder, (item) => item._id);
  return (
    <section>
      <PageHeading title="Manage All Order">Manage All Order</PageHeading>
      {orders.isPending && <ProgressBar />}
      {orders.data?.orders.length === 0 && <p>No orders yet.</p>}
      {orders.data && orders.data.orders.length > 0 && (
        <OrderTable
          orders={orders.data.orders}
          showBuyer
          actions={(order) =>
            order.paymentId ? (
              <PaidBadge order={order} />
            ) : (
              <button
                type="button"
                className="btn btn-error btn-xs"
                aria-label={`Delete the order of ${order.userName} for ${order.partsName}`}
                onClick={() => ask(order)}
              >
                Delete
              </button>
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
