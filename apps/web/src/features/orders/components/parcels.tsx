import type { Shipment } from '@shop/contract/availability';
import type { Order } from '@shop/contract/orders';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { DateTime } from '../../../components/ui/date-time';
import { orderNamed } from '../../../lib/order-name';
import { showError, showSuccess } from '../../../lib/toasts';
import { ShipmentSlipButton } from '../../invoices';
import { useDeliverParcel } from '../api/shipments';
import { listsParcels, parcelText, shipsWhole, takesParcel } from '../shipment-lines';
import { ParcelDialog } from './parcel-form';

/** One parcel of an order: what it holds, its carrier and tracking number, and where it stands. */
function ParcelItem({
  order,
  shipment,
  number,
  onDeliver,
}: {
  order: Order;
  shipment: Shipment;
  number: number;
  onDeliver: () => void;
}) {
  return (
    <li className="py-1.5">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-medium">Parcel {number}</span>
        <span
          className={`badge badge-sm ${shipment.status === 'delivered' ? 'badge-success' : 'badge-info'}`}
        >
          {shipment.status === 'delivered' ? 'Delivered' : 'Shipped'}
        </span>
      </p>
      <p className="break-words text-xs">{parcelText(order, shipment.lines)}</p>
      <p className="break-words text-xs text-base-content/70">
        {shipment.carrier} <span className="break-all">{shipment.trackingNumber}</span>
      </p>
      <p className="text-xs text-base-content/70">
        {shipment.deliveredAt ? 'delivered ' : 'shipped '}
        <DateTime at={shipment.deliveredAt ?? shipment.shippedAt} time="short" />
      </p>
      <p className="mt-1 flex flex-wrap gap-1">
        {shipment.status === 'shipped' && (
          <button
            type="button"
            className="btn btn-outline btn-xs whitespace-nowrap"
            aria-label={`Mark delivered: parcel ${number} of ${orderNamed(order)}`}
            onClick={onDeliver}
          >
            Mark delivered
          </button>
        )}
        <ShipmentSlipButton order={order} shipmentId={shipment._id} label={`parcel ${number}`} />
      </p>
    </li>
  );
}

/**
 * Manage All Order's parcels (docs/api.md, "Availability"): `shipButton(order)` opens the Ship
 * form of an order a parcel may leave; `list(order)` lists the parcels of an order shipped in part
 * or in several, each with 'Mark delivered' (asked 'Are you sure?' first); `dialogs` once a page.
 */
export function useParcelActions() {
  const [shipping, setShipping] = useState<Order | null>(null);
  const [delivering, setDelivering] = useState<{ order: Order; shipment: Shipment; number: number } | null>(
    null,
  );
  const deliver = useDeliverParcel();
  const shipButton = (order: Order) =>
    takesParcel(order) ? (
      <button
        type="button"
        className={`btn btn-xs whitespace-nowrap ${shipsWhole(order) ? 'btn-outline' : 'btn-primary'}`}
        aria-label={`Ship a parcel: the order of ${order.userName} for ${order.partsName}`}
        onClick={() => setShipping(order)}
      >
        Ship
      </button>
    ) : null;
  const list = (order: Order) =>
    listsParcels(order) ? (
      <ol aria-label={`Parcels of ${orderNamed(order)}`} className="mt-1 divide-y divide-base-300 text-sm">
        {order.fulfilment.shipments.map((shipment, index) => (
          <ParcelItem
            key={shipment._id}
            order={order}
            shipment={shipment}
            number={index + 1}
            onDeliver={() => setDelivering({ order, shipment, number: index + 1 })}
          />
        ))}
      </ol>
    ) : null;
  const close = () => setDelivering(null);
  const dialogs = (
    <>
      <ParcelDialog order={shipping} onClose={() => setShipping(null)} />
      <ConfirmModal
        open={delivering !== null}
        what={
          delivering ? `Mark parcel ${delivering.number} of ${orderNamed(delivering.order)} delivered.` : ''
        }
        busy={deliver.isPending}
        onConfirm={() => {
          if (!delivering) return;
          deliver.mutate(
            { orderId: delivering.order._id, shipmentId: delivering.shipment._id },
            {
              onSuccess: () => showSuccess('Parcel marked delivered'),
              onError: (error) => showError(error),
              onSettled: close,
            },
          );
        }}
        onClose={close}
      />
    </>
  );
  return { shipButton, list, dialogs };
}
