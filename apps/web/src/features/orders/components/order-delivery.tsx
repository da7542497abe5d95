import type { Shipment } from '@shop/contract/availability';
import type { Order, OrderLine } from '@shop/contract/orders';
import { useConfirmedAction } from '../../../components/ui/confirm-modal';
import { DateTime } from '../../../components/ui/date-time';
import { showSuccess } from '../../../lib/toasts';
import { CreditNoteButton } from '../../invoices';
import { useDropWaiting } from '../api/drop-waiting';
import {
  adjustmentText,
  dropQuestion,
  holdsPieces,
  lineProgressText,
  shipmentLinesText,
  tellsLines,
} from '../delivery';

interface Dropping {
  order: Order;
  line: OrderLine;
}

/**
 * 'Drop waiting pieces' behind 'Are you sure?': `ask(order, line)` names the pieces and what
 * happens to their price; Yes drops them and the lists are read again. `modal` renders once a page.
 */
export function useDropWaitingAction() {
  const drop = useDropWaiting();
  const { ask, modal } = useConfirmedAction<Dropping>(
    {
      isPending: drop.isPending,
      mutate: (key, options) => {
        const [orderId = '', partsId = ''] = key.split(' ');
        drop.mutate(
          { orderId, partsId },
          { ...options, onSuccess: () => showSuccess('Waiting pieces dropped') },
        );
      },
    },
    ({ order, line }) => `${order._id} ${line.partsId}`,
    ({ order, line }) => dropQuestion(order, line),
  );
  return { ask: (order: Order, line: OrderLine) => ask({ order, line }), modal };
}

/**
 * Where an order's pieces are: each line's allocated, waiting (with the day expected), shipped and
 * dropped pieces with 'Drop waiting pieces' where some wait (`onDrop`), its shipments and the money
 * owed back for dropped pieces. Nothing for an order whose pieces all sit ready, unshipped.
 */
export function OrderDelivery({
  order,
  onDrop,
}: {
  order: Order;
  onDrop?: ((order: Order, line: OrderLine) => void) | undefined;
}) {
  const lines = holdsPieces(order) && tellsLines(order) ? order.lines : [];
  const { shipments } = order.fulfilment;
  const adjustments = order.adjustments ?? [];
  if (lines.length === 0 && shipments.length === 0 && adjustments.length === 0) return null;
  return (
    <div className="mt-2 flex flex-col gap-2 text-sm md:min-w-56">
      {lines.length > 0 && (
        <ul aria-label={`Pieces of order ${order.number}`} className="flex flex-col gap-1.5">
          {lines.map((line) => (
            <li key={line.partsId} data-testid="line-progress">
              <span className="font-medium">{line.partsName}</span>
              <span className="block text-xs">{lineProgressText(line)}</span>
              {onDrop && line.backordered > 0 && (
                <button
                  type="button"
                  className="btn btn-outline btn-error btn-xs mt-1"
                  aria-label={`Drop waiting pieces of ${line.partsName} on order ${order.number}`}
                  onClick={() => onDrop(order, line)}
                >
                  Drop waiting pieces
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {shipments.length > 0 && (
        <ol aria-label={`Shipments of order ${order.number}`} className="flex flex-col gap-1.5">
          {shipments.map((shipment, index) => (
            <ShipmentItem key={shipment._id} shipment={shipment} index={index} order={order} />
          ))}
        </ol>
      )}
      {adjustments.length > 0 && (
        <ul aria-label={`Money owed back on order ${order.number}`} className="text-xs font-medium">
          {adjustments.map((adjustment) => (
            <li
              key={`${adjustment.kind} ${adjustment.createdAt}`}
              className="flex flex-wrap items-center gap-2"
            >
              {adjustmentText(adjustment)}
              {adjustment.number && <CreditNoteButton order={order} number={adjustment.number} />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One parcel: its carrier and tracking number, when it left and arrived, and what is in it. */
function ShipmentItem({ shipment, index, order }: { shipment: Shipment; index: number; order: Order }) {
  return (
    <li data-testid="shipment" className="rounded-box bg-base-200 px-2 py-1.5 text-xs">
      <span className="block font-medium">
        Shipment {index + 1}: {shipment.status === 'delivered' ? 'delivered' : 'on its way'}
      </span>
      <span className="block wrap-anywhere">{shipment.carrier}</span>
      <span className="block wrap-anywhere">Tracking number {shipment.trackingNumber}</span>
      <span className="block">
        shipped <DateTime at={shipment.shippedAt} time="short" />
      </span>
      {shipment.deliveredAt && (
        <span className="block">
          delivered <DateTime at={shipment.deliveredAt} time="short" />
        </span>
      )}
      {shipmentLinesText(shipment, order).map((text) => (
        <span key={text} className="block text-base-content/80">
          {text}
        </span>
      ))}
    </li>
  );
}
