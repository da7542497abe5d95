import type { Order } from '@shop/contract/orders';
import type { ReactNode } from 'react';
import { DateTime } from '../../../components/ui/date-time';
import { type Column, PagedTable, type Paging } from '../../../components/ui/paged-table';
import { formatDollars } from '../../../lib/format';
import { orderQuantityText } from '../order-lines';
import { OrderPartCell } from './order-lines';
import { ShipTo } from './ship-to';

/** A column an order table adds before its actions (the shipment's progress). */
export interface ExtraOrderColumn {
  header: string;
  cell: (order: Order) => ReactNode;
  /**
   * From 640 to 768 px, shown under the part instead of in a column of its own (which would make
   * the table wider than the screen); below, a line of the row's card as any column.
   */
  underPartOnPhones?: boolean;
}

/** The columns of an order table; the buyer's (and where to ship) only where every buyer's orders show. */
function orderColumns(
  showBuyer: boolean,
  actions: (order: Order) => ReactNode,
  extra: ExtraOrderColumn | undefined,
): Column<Order>[] {
  // Every buyer's orders are the shop's to ship: the buyer's column says where each goes.
  const buyer: Column<Order> = {
    header: 'Buyer, ship to',
    className: 'min-w-40 max-w-64',
    cell: (order) => <ShipTo order={order} email className="text-sm" />,
  };
  return [
    ...(showBuyer ? [buyer] : []),
    {
      header: 'Part',
      className: 'min-w-24 xl:min-w-40',
      cell: (order) => (
        <>
          <span className="block whitespace-nowrap text-xs font-medium text-base-content/70">
            {order.number}
          </span>
          <OrderPartCell order={order} />
          {extra?.underPartOnPhones && <div className="mt-3 hidden sm:max-md:block">{extra.cell(order)}</div>}
        </>
      ),
    },
    { header: 'Quantity', className: 'whitespace-nowrap', cell: (order) => orderQuantityText(order) },
    { header: 'Price', cell: (order) => formatDollars(order.price) },
    ...(extra
      ? [
          {
            header: extra.header,
            cell: extra.cell,
            ...(extra.underPartOnPhones
              ? { className: 'sm:max-md:hidden', headerClassName: 'sm:max-md:hidden' }
              : {}),
          },
        ]
      : []),
    { header: 'Payment', cell: actions },
  ];
}

/** A page of orders as a table; `actions` says what each row offers (Pay, Cancel, Delete, or Paid). */
export function OrderTable({
  orders,
  paging,
  empty,
  showBuyer = false,
  actions,
  extraColumn,
}: {
  orders: { isPending: boolean; data?: { orders: Order[]; total: number } | undefined };
  paging: Paging;
  empty: ReactNode;
  showBuyer?: boolean;
  actions: (order: Order) => ReactNode;
  extraColumn?: ExtraOrderColumn;
}) {
  return (
    <PagedTable
      loading={orders.isPending}
      rows={orders.data?.orders}
      total={orders.data?.total}
      paging={paging}
      columns={orderColumns(showBuyer, actions, extraColumn)}
      rowKey={(order) => order._id}
      empty={empty}
      className="table table-sm sm:table-md"
    />
  );
}

/** An unpaid order whose time ran out: its pieces went back to stock; it can no longer be paid. */
export function ExpiredBadge({ order }: { order: Order }) {
  return (
    <div>
      <span className="badge badge-neutral">Expired</span>
      {order.expiredAt && (
        <p className="mt-1 text-xs text-base-content/70">released {order.expiredAt.slice(0, 10)}</p>
      )}
    </div>
  );
}

/** A cancelled order: its pieces went back to stock; it stays to be read, with nothing to do. */
export function CancelledBadge({ order }: { order: Order }) {
  return (
    <div>
      <span className="badge badge-neutral">Cancelled</span>
      {order.cancelledAt && (
        <p className="mt-1 whitespace-nowrap text-xs text-base-content/70">
          <DateTime at={order.cancelledAt} time="short" />
        </p>
      )}
    </div>
  );
}

/** docs/product.md §4: a paid order shows Paid and its payment id (and its invoice's number). */
export function PaidBadge({ order }: { order: Order }) {
  return (
    <div>
      <span className="badge badge-success">Paid</span>
      <p className="mt-1 break-all text-xs text-base-content/70">{order.paymentId}</p>
      {order.invoiceNumber && (
        <p className="whitespace-nowrap text-xs text-base-content/70">{order.invoiceNumber}</p>
      )}
    </div>
  );
}
