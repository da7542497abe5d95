import type { Order } from '@shop/contract/orders';
import type { ReactNode } from 'react';
import { formatDollars, formatPieces } from '../../parts/format';

/** Orders as a table; `actions` says what each row offers (Pay, Cancel, Delete, or Paid). */
export function OrderTable({
  orders,
  showBuyer = false,
  actions,
}: {
  orders: Order[];
  showBuyer?: boolean;
  actions: (order: Order) => ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="table table-sm sm:table-md">
        <thead>
          <tr>
            {showBuyer && <th scope="col">Buyer</th>}
            <th scope="col">Part</th>
            <th scope="col">Quantity</th>
            <th scope="col">Price</th>
            <th scope="col">Payment</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order._id}>
              {showBuyer && (
                <td className="break-all">
                  {order.userName}
                  <br />
                  <span className="text-sm text-base-content/70">{order.email}</span>
                </td>
              )}
              <td className="min-w-24 sm:min-w-40">{order.partsName}</td>
              <td>{formatPieces(order.quantity)}</td>
              <td>{formatDollars(order.price)}</td>
              <td>{actions(order)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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

/** SPEC.md §4: a paid order shows Paid and its payment id (and its invoice's number). */
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
