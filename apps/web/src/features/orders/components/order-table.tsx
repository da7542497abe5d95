import type { Order } from '@shop/contract/orders';
import type { ReactNode } from 'react';
import { type Column, PagedTable, type Paging } from '../../../components/ui/paged-table';
import { formatDollars, formatPieces } from '../../../lib/format';
import { orderPieces } from '../order-lines';
import { OrderPartCell } from './order-lines';

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

/** The columns of an order table; the buyer's only where every buyer's orders show. */
function orderColumns(
  showBuyer: boolean,
  actions: (order: Order) => ReactNode,
  extra: ExtraOrderColumn | undefined,
): Column<Order>[] {
  const buyer: Column<Order> = {
    header: 'Buyer',
    className: 'break-all',
    cell: (order) => (
      <>
        {order.userName}
        <br />
        <span className="text-sm text-base-content/70">{order.email}</span>
      </>
    ),
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
    { header: 'Quantity', className: 'whitespace-nowrap', cell: (order) => formatPieces(orderPieces(order)) },
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
