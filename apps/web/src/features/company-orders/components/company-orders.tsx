import type { Order } from '@shop/contract/orders';
import { useConfirmedAction } from '../../../components/ui/confirm-modal';
import { DateTime } from '../../../components/ui/date-time';
import { type Column, PagedTable, usePaging } from '../../../components/ui/paged-table';
import { formatDollars } from '../../../lib/format';
import { orderNamed } from '../../../lib/order-name';
import { showSuccess } from '../../../lib/toasts';
import { InvoiceButton } from '../../invoices';
import { OrderDelivery, useDropWaitingAction } from '../../orders';
import { COMPANY_ORDERS_PAGE_SIZE, useCompanyOrders, useDecideOrder } from '../api/company-orders';
import { StandingBadge } from './standing';

/** An order's parts in a cell: the first one's name and how many more. */
export function partsText(order: Order): string {
  const more = order.lines.length - 1;
  return more > 0 ? `${order.partsName} + ${more} more ${more === 1 ? 'part' : 'parts'}` : order.partsName;
}

const buyerColumn: Column<Order> = {
  header: 'Buyer',
  className: 'break-all min-w-28',
  cell: (order) => (
    <>
      {order.userName}
      <br />
      <span className="text-sm text-base-content/70">{order.email}</span>
    </>
  ),
};

// Buyer and total first: what a phone shows before the table is scrolled, and what an approval weighs.
const commonColumns: Column<Order>[] = [
  buyerColumn,
  { header: 'Total', className: 'whitespace-nowrap', cell: (order) => formatDollars(order.price) },
  {
    header: 'Parts',
    className: 'min-w-28 xl:min-w-40',
    cell: (order) => (
      <>
        <span className="block whitespace-nowrap text-xs font-medium text-base-content/70">
          {order.number}
        </span>
        {partsText(order)}
      </>
    ),
  },
  {
    header: 'Placed',
    className: 'min-w-24',
    cell: (order) => <DateTime at={order.createdAt} time="short" />,
  },
];

/**
 * A company's orders for its admins (docs/product.md, companies): first the orders waiting for
 * approval, each with Approve and Reject (behind 'Are you sure?'), then every member's orders,
 * where each stands and, once invoiced, its Invoice.
 */
export function CompanyOrders({ companyId }: { companyId: string }) {
  return (
    <div className="flex flex-col gap-8">
      <Approvals companyId={companyId} />
      <AllOrders companyId={companyId} />
    </div>
  );
}

function ListError({ error }: { error: Error | null }) {
  return error ? (
    <p role="alert" className="font-medium text-error">
      {error.message}
    </p>
  ) : null;
}

interface Decision {
  decision: 'approve' | 'reject';
  order: Order;
}

function Approvals({ companyId }: { companyId: string }) {
  const paging = usePaging(COMPANY_ORDERS_PAGE_SIZE);
  const orders = useCompanyOrders(companyId, paging.page, true);
  const decide = useDecideOrder();
  // One 'Are you sure?' for both decisions: the choice names the decision and the order.
  const { ask, modal } = useConfirmedAction<Decision>(
    {
      isPending: decide.isPending,
      mutate: (key, options) => {
        const [decision, id = ''] = key.split(' ') as [Decision['decision'], string];
        decide.mutate(
          { id, decision },
          {
            ...options,
            onSuccess: () => showSuccess(decision === 'approve' ? 'Order approved' : 'Order rejected'),
          },
        );
      },
    },
    (choice) => `${choice.decision} ${choice.order._id}`,
    (choice) =>
      choice.decision === 'approve'
        ? `Approve ${orderNamed(choice.order)} of ${choice.order.userName}: it goes ahead.`
        : `Reject ${orderNamed(choice.order)} of ${choice.order.userName}: its pieces go back to stock.`,
  );
  return (
    <section aria-labelledby="approvals-heading">
      <h2 id="approvals-heading" className="mb-1 text-xl font-semibold">
        Approvals
        {orders.data && orders.data.total > 0 && (
          <span className="badge badge-warning ml-2 align-middle">{orders.data.total}</span>
        )}
      </h2>
      <p className="mb-3 text-sm text-base-content/70">
        Orders that take a member past their monthly spending limit wait here. Their pieces are kept for them;
        approve to let the order go ahead, reject to return the pieces.
      </p>
      <ListError error={orders.error} />
      <PagedTable
        loading={orders.isPending && !orders.error}
        rows={orders.data?.orders}
        total={orders.data?.total}
        paging={paging}
        rowKey={(order) => order._id}
        empty={<p>No orders are waiting for approval.</p>}
        className="table table-sm sm:table-md"
        columns={[
          ...commonColumns,
          {
            header: 'Decision',
            cell: (order) => (
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className="btn btn-success btn-xs"
                  aria-label={`Approve the order of ${order.userName} for ${partsText(order)}`}
                  onClick={() => ask({ decision: 'approve', order })}
                >
                  Approve
                </button>
                <button
                  type="button"
                  className="btn btn-error btn-xs"
                  aria-label={`Reject the order of ${order.userName} for ${partsText(order)}`}
                  onClick={() => ask({ decision: 'reject', order })}
                >
                  Reject
                </button>
              </div>
            ),
          },
        ]}
      />
      {modal}
    </section>
  );
}

function AllOrders({ companyId }: { companyId: string }) {
  const paging = usePaging(COMPANY_ORDERS_PAGE_SIZE);
  const orders = useCompanyOrders(companyId, paging.page, false);
  // A company admin may drop the waiting pieces of a member's order, as its buyer may.
  const dropWaiting = useDropWaitingAction();
  return (
    <section aria-labelledby="company-orders-heading">
      <h2 id="company-orders-heading" className="mb-3 text-xl font-semibold">
        All orders
      </h2>
      <ListError error={orders.error} />
      <PagedTable
        loading={orders.isPending && !orders.error}
        rows={orders.data?.orders}
        total={orders.data?.total}
        paging={paging}
        rowKey={(order) => order._id}
        empty={<p>No member has ordered yet.</p>}
        scrollLabel="The company's orders"
        className="table table-sm sm:table-md"
        columns={[
          ...commonColumns,
          {
            header: 'Status',
            cell: (order) => (
              <>
                <div className="flex flex-wrap items-start gap-2">
                  <StandingBadge order={order} />
                  <InvoiceButton order={order} showBuyer />
                </div>
                <OrderDelivery order={order} onDrop={dropWaiting.ask} />
              </>
            ),
          },
        ]}
      />
      {dropWaiting.modal}
    </section>
  );
}
