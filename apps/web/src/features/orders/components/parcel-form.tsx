import type { Order } from '@shop/contract/orders';
import { useForm } from 'react-hook-form';
import { fieldsOf } from '../../../components/form/fields';
import { lazyRules } from '../../../components/form/lazy-rules';
import { TextField } from '../../../components/form/text-field';
import { formatPieces } from '../../../lib/format';
import { useShipParcel } from '../api/shipments';
import { defaultParcel, pieceCountsText, shipmentBody, shippableLines } from '../shipment-lines';
import { ShipTo } from './ship-to';
import { ShipmentDialog, ShipmentForm } from './shipment-dialog';

const rules = lazyRules(() => import('../fulfilment-rules').then((module) => module.parcelRules));

/**
 * The Ship form in a modal: where the order goes, then the pieces of each line in this parcel
 * (every allocated piece as it opens), the carrier and the tracking number.
 */
export function ParcelDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  return (
    <ShipmentDialog id="parcel" title="Ship a parcel" order={order} onClose={onClose}>
      {(order) => (
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
    </ShipmentDialog>
  );
}

function ParcelForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const ship = useShipParcel();
  const lines = shippableLines(order);
  const form = useForm({
    resolver: rules.resolver,
    context: { allocated: lines.map((line) => line.allocated) },
    defaultValues: { quantities: defaultParcel(order), carrier: '', trackingNumber: '' },
  });
  const field = fieldsOf(form);
  return (
    <ShipmentForm
      form={form}
      rules={rules}
      send={(parcel, sending) =>
        ship.mutate(
          {
            orderId: order._id,
            body: shipmentBody(
              order,
              parcel as { quantities: number[]; carrier: string; trackingNumber: string },
            ),
          },
          sending,
        )
      }
      submitLabel="Ship"
      busy={ship.isPending}
      shipped="Parcel shipped"
      onDone={onDone}
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
    </ShipmentForm>
  );
}
