import type { Order } from '@shop/contract/orders';
import type { ReactNode } from 'react';
import { DateTime } from '../../../components/ui/date-time';

interface Step {
  label: string;
  /** When it happened; left out for a step still to come. */
  at?: string | undefined;
  /** What else the step says (the carrier and tracking number of the shipment). */
  detail?: ReactNode;
  done: boolean;
}

/** An order's way from placed to delivered: each step done with its moment, those to come greyed. */
export function orderSteps(order: Order): Step[] {
  const placed: Step = { label: 'Placed', at: order.createdAt, done: true };
  if (order.status === 'cancelled')
    return [placed, { label: 'Cancelled, not paid', at: order.cancelledAt, done: true }];
  if (order.expiredAt && !order.paymentId)
    return [placed, { label: 'Expired, not paid in time', at: order.expiredAt, done: true }];
  const { fulfilment } = order;
  const shipped = fulfilment.status !== 'unfulfilled';
  const paid = order.paymentId !== undefined;
  return [
    placed,
    ...(order.dueDate && !paid
      ? [{ label: `Invoiced, due ${order.dueDate.slice(0, 10)}`, done: true } satisfies Step]
      : [{ label: paid ? 'Payment received' : 'Not paid yet', at: order.paidAt, done: paid } satisfies Step]),
    {
      label:
        fulfilment.status === 'partially_shipped'
          ? 'Partly shipped'
          : shipped
            ? 'Shipped'
            : 'Not shipped yet',
      at: fulfilment.shippedAt,
      done: shipped,
      detail: shipped && (
        <>
          <span className="block break-words">{fulfilment.carrier}</span>
          {fulfilment.trackingNumber && (
            <span className="block">
              Tracking number <span className="break-all">{fulfilment.trackingNumber}</span>
            </span>
          )}
        </>
      ),
    },
    {
      label: fulfilment.status === 'delivered' ? 'Delivered' : 'Not delivered yet',
      at: fulfilment.deliveredAt,
      done: fulfilment.status === 'delivered',
    },
  ];
}

/** docs/product.md, fulfilment: the order's timeline on My Order, moments in the reader's time zone. */
export function OrderTimeline({ order }: { order: Order }) {
  return (
    <ol className="flex flex-col gap-1.5 text-sm md:min-w-48" aria-label="Order progress">
      {orderSteps(order).map((step) => (
        <li key={step.label} className="flex gap-2">
          <span
            aria-hidden="true"
            className={`mt-1.5 size-2 shrink-0 rounded-full ${step.done ? 'bg-success' : 'border border-base-content/40'}`}
          />
          <div className={step.done ? '' : 'text-base-content/60'}>
            <span className={step.done ? 'font-medium' : ''}>{step.label}</span>
            {step.at && (
              <span className="block text-xs text-base-content/70">
                <DateTime at={step.at} time="short" />
              </span>
            )}
            {step.detail && <span className="block text-xs">{step.detail}</span>}
          </div>
        </li>
      ))}
    </ol>
  );
}
