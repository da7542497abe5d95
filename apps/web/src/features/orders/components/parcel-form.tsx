import { MAX_CARRIER, MAX_TRACKING_NUMBER } from '@shop/contract/fulfilment';
import type { Order } from '@shop/contract/orders';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldsOf } from '../../../components/form/fields';
import { lazyRules } from '../../../components/form/lazy-rules';
import { RulesForm } from '../../../components/form/rules-form';
import { TextField } from '../../../components/form/text-field';
import { formatPieces } from '../../../lib/format';
import { useModalDialog } from '../../../lib/modal-dialog';
import { showError, showSuccess } from '../../../lib/toasts';
import { useShipParcel } from '../api/shipments';
import { defaultParcel, pieceCountsText, shipmentBody, shippableLines } from '../shipment-lines';
import { ShipTo } from './ship-to';

const rules = lazyRules(() => import('../fulfilment-rules').then((module) => module.parcelRules));

/**
 * The Ship form in a modal: where the order goes, then the pieces of each line in this parcel
 * (every allocated piece as it opens), the carrier and the tracking number.
 */
export function ParcelDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const dialog = useModalDialog(order !== null);
  return (
    <dialog ref={dialog} className="modal" onClose={onClose} aria-labelledby="parcel-title">
      <div className="modal-box">
        <h3 id="parcel-title" className="pr-10 text-lg font-bold">
          Ship a parcel
        </h3>
        {order && (
          <>
            <p className="mt-1 text-sm text-base-content/70">
              Order {order.number}: {pieceCountsText(order)}. The buyer gets a mail with the carrier and
              tracking number.
            </p>
            <section aria-labelledby="parcel-to-title" className="mt-4">
              <h4 id="parcel-to-title" className="mb-1 text-sm font-semibold">
                Ship to
              </h4>
              <ShipTo order={order} />
            </section>
            {/* A new form for each order: nothing typed for one order is left for the next. */}
            <ParcelForm key={order._id} order={order} onDone={onClose} />
          </>
        )}
        <button
          type="button"
          className="btn btn-circle btn-ghost btn-sm absolute top-3 right-3"
          aria-label="Close"
          onClick={onClose}
        >
          <span aria-hidden="true">✕</span>
        </button>
      </div>
    </dialog>
  );
}

function ParcelForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const ship = useShipParcel();
  const [error, setError] = useState<string>();
  const lines = shippableLines(order);
  const form = useForm({
    resolver: rules.resolver,
    context: { allocated: lines.map((line) => line.allocated) },
    defaultValues: { quantities: defaultParcel(order), carrier: '', trackingNumber: '' },
  });
  const onSubmit = form.handleSubmit((parcel) => {
    setError(undefined);
    const body = shipmentBody(
      order,
      parcel as { quantities: number[]; carrier: string; trackingNumber: string },
    );
    ship.mutate(
      { orderId: order._id, body },
      {
        onSuccess: () => {
          showSuccess('Parcel shipped');
          onDone();
        },
        onError: (failure) => {
          setError(failure.message);
          showError(failure);
        },
      },
    );
  });
  const field = fieldsOf(form);
  return (
    <RulesForm
      rules={rules}
      onSubmit={onSubmit}
      className="mt-4 flex flex-col gap-3"
      error={error}
      submit={{ label: 'Ship', busy: ship.isPending, className: 'btn btn-primary self-start' }}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold">Pieces in this parcel</legend>
        {order.shipComplete && (
          <p className="text-sm">This order ships complete: every piece goes at once.</p>
        )}
        {lines.map((line, index) => (
          <TextField
            key={line.partsId}
            label={line.partsName}
            type="number"
            min={0}
            max={line.allocated}
            readOnly={order.shipComplete}
            hint={`${formatPieces(line.allocated)} ready${line.backordered > 0 ? `, ${formatPieces(line.backordered)} still waiting` : ''}`}
            {...field(`quantities.${index}`)}
          />
        ))}
      </fieldset>
      <TextField
        label="Carrier"
        autoComplete="off"
        placeholder="DHL Express"
        maxLength={MAX_CARRIER}
        {...field('carrier')}
      />
      <TextField
        label="Tracking number"
        autoComplete="off"
        maxLength={MAX_TRACKING_NUMBER}
        {...field('trackingNumber')}
      />
    </RulesForm>
  );
}
