import type { Order } from '@shop/contract/orders';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { lazyRules } from '../../../components/form/lazy-rules';
import { useConfirmedAction } from '../../../components/ui/confirm-modal';
import { DateTime } from '../../../components/ui/date-time';
import { orderNamed } from '../../../lib/order-name';
import { showSuccess } from '../../../lib/toasts';
import { useMarkDelivered, useMarkShipped } from '../api/orders';
import { listsParcels, pieceCountsText, waitsForPieces } from '../shipment-lines';
import { useParcelActions } from './parcels';
import { PackingList, ShipTo } from './ship-to';
import { ShipmentDialog, ShipmentForm } from './shipment-dialog';

const rules = lazyRules(() => import('../fulfilment-rules').then((module) => module.shipRules));

/** An order the shop may ship: paid, or invoiced on net-30 terms, and not shipped yet. */
export const awaitsShipment = (order: Order) =>
  order.fulfilment.status === 'unfulfilled' &&
  !order.expiredAt &&
  order.status !== 'cancelled' &&
  (order.paymentId !== undefined || !!order.dueDate);

const LABELS = {
  unfulfilled: 'Not shipped',
  partially_shipped: 'Partly shipped',
  shipped: 'Shipped',
  delivered: 'Delivered',
} as const;
const BADGES = {
  unfulfilled: 'badge-ghost',
  partially_shipped: 'badge-warning',
  shipped: 'badge-info',
  delivered: 'badge-success',
} as const;

/** Manage All Order's Shipping: the status, and the shipment's carrier, tracking number and dates. */
export function FulfilmentSummary({ order }: { order: Order }) {
  const { fulfilment } = order;
  if (fulfilment.status === 'unfulfilled' && !awaitsShipment(order))
    return (
      <span className="text-base-content/60">
        {order.expiredAt || order.status === 'cancelled' ? 'Not shipped' : 'Waits for payment'}
      </span>
    );
  return (
    <div className="min-w-36 text-sm">
      <span className={`badge whitespace-nowrap ${BADGES[fulfilment.status]}`}>
        {LABELS[fulfilment.status]}
      </span>
      {(waitsForPieces(order) || fulfilment.status === 'partially_shipped') && (
        <p className="mt-1 text-xs">{pieceCountsText(order)}</p>
      )}
      {!listsParcels(order) && <ShippedWhole fulfilment={fulfilment} />}
    </div>
  );
}

/** An order shipped in one parcel: its carrier, tracking number and dates. */
function ShippedWhole({ fulfilment }: { fulfilment: Order['fulfilment'] }) {
  return (
    <>
      {fulfilment.carrier && <p className="mt-1 break-words">{fulfilment.carrier}</p>}
      {fulfilment.trackingNumber && (
        <p className="break-all text-xs text-base-content/70">{fulfilment.trackingNumber}</p>
      )}
      {fulfilment.shippedAt && (
        <p className="text-xs text-base-content/70">
          shipped <DateTime at={fulfilment.shippedAt} time="short" />
        </p>
      )}
      {fulfilment.deliveredAt && (
        <p className="text-xs text-base-content/70">
          delivered <DateTime at={fulfilment.deliveredAt} time="short" />
        </p>
      )}
    </>
  );
}

/**
 * Manage All Order's fulfilment actions: 'Mark shipped' opens the ship form (carrier, tracking
 * number) of an order none of whose pieces waits; 'Ship' a parcel of the allocated pieces
 * (parcels.tsx); 'Mark delivered' asks 'Are you sure?' first. `actions(order)` is the row's
 * buttons, if any; `summary(order)` its Shipping cell, with its parcels; `dialogs` are rendered
 * once for the page.
 */
export function useFulfilmentActions() {
  const parcels = useParcelActions();
  const [shipping, setShipping] = useState<Order | null>(null);
  const markDelivered = useMarkDelivered();
  const delivered = {
    isPending: markDelivered.isPending,
    mutate: (id: string, options: { onError: (error: Error) => void; onSettled: () => void }) =>
      markDelivered.mutate(id, {
        ...options,
        onSuccess: () => showSuccess('Order marked delivered'),
      }),
  };
  const { ask, modal } = useConfirmedAction<Order>(
    delivered,
    (order) => order._id,
    (order) => `Mark ${orderNamed(order)} of ${order.userName} delivered.`,
  );
  const actions = (order: Order) => {
    const button = wholeOrderButton(order);
    const ship = parcels.shipButton(order);
    return button && ship ? (
      <>
        {button}
        {ship}
      </>
    ) : (
      (button ?? ship)
    );
  };
  const wholeOrderButton = (order: Order) => {
    const whose = `the order of ${order.userName} for ${order.partsName}`;
    if (awaitsShipment(order) && !waitsForPieces(order))
      return (
        <button
          type="button"
          className="btn btn-primary btn-xs whitespace-nowrap"
          aria-label={`Mark shipped: ${whose}`}
          onClick={() => setShipping(order)}
        >
          Mark shipped
        </button>
      );
    if (order.fulfilment.status === 'shipped' && !listsParcels(order))
      return (
        <button
          type="button"
          className="btn btn-outline btn-xs whitespace-nowrap"
          aria-label={`Mark delivered: ${whose}`}
          onClick={() => ask(order)}
        >
          Mark delivered
        </button>
      );
    return null;
  };
  const dialogs = (
    <>
      {modal}
      <ShipDialog order={shipping} onClose={() => setShipping(null)} />
      {parcels.dialogs}
    </>
  );
  const summary = (order: Order) => (
    <>
      <FulfilmentSummary order={order} />
      {parcels.list(order)}
    </>
  );
  return { actions, summary, dialogs };
}

/**
 * The ship form in a modal: where the order goes and what goes in it, then carrier and tracking
 * number → the order is marked shipped.
 */
function ShipDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  return (
    <ShipmentDialog id="ship" title="Mark shipped" order={order} onClose={onClose}>
      {(order) => (
        <>
          <p className="mt-1 text-sm text-base-content/70">
            Order {order.number}. The buyer gets a mail with the carrier and tracking number.
          </p>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <section aria-labelledby="ship-to-title">
              <h4 id="ship-to-title" className="mb-1 text-sm font-semibold">
                Ship to
              </h4>
              <ShipTo order={order} />
            </section>
            <section aria-labelledby="ship-parts-title">
              <h4 id="ship-parts-title" className="mb-1 text-sm font-semibold">
                Parts
              </h4>
              <PackingList lines={order.lines} />
            </section>
          </div>
          {/* A new form for each order: nothing typed for one order is left for the next. */}
          <ShipForm key={order._id} order={order} onDone={onClose} />
        </>
      )}
    </ShipmentDialog>
  );
}

function ShipForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const markShipped = useMarkShipped();
  const form = useForm({ resolver: rules.resolver, defaultValues: { carrier: '', trackingNumber: '' } });
  return (
    <ShipmentForm
      form={form}
      rules={rules}
      send={(shipment, sending) => markShipped.mutate({ id: order._id, ...shipment }, sending)}
      submitLabel="Mark shipped"
      busy={markShipped.isPending}
      shipped="Order marked shipped"
      onDone={onDone}
    />
  );
}
