import type { PartAvailability } from '@shop/contract/availability';
import { orderQuantityFor } from '@shop/contract/order-multiple';
import { availabilityNote, incomingNote } from '../../../lib/availability';
import { formatPieces } from '../../../lib/format';

/**
 * What `quantity` pieces of the part do when its stock is short and it may be backordered: what
 * ships now and when the rest is expected (lib/availability.ts); nothing otherwise.
 */
export function ShipPlanNote({
  part,
  quantity,
  className = 'text-sm',
}: {
  part: PartAvailability;
  quantity: number;
  className?: string;
}) {
  const note = availabilityNote(part, quantity);
  return note ? (
    <p className={className} data-testid="ship-plan">
      {note}
    </p>
  ) : null;
}

/**
 * A part whose stock cannot fill its least order: the pieces on their way (or its lead time, for
 * a backorderable one), so a buyer knows when to come back or what waiting means.
 */
export function IncomingNote({
  part,
  className = 'text-sm',
}: {
  part: PartAvailability & { min_order_quantity: number; order_multiple: number };
  className?: string;
}) {
  const note = part.available_quantity < orderQuantityFor(part) ? incomingNote(part) : undefined;
  return note ? (
    <p className={className} data-testid="incoming">
      {note}
    </p>
  ) : null;
}

/**
 * A search result's stock: the pieces in stock; for a part whose stock cannot fill its least
 * order, when its least order would come (backorderable) or "Out of stock" and what is incoming.
 */
export function StockNote({
  part,
}: {
  part: PartAvailability & { min_order_quantity: number; order_multiple: number };
}) {
  const least = orderQuantityFor(part);
  if (part.available_quantity >= least)
    return <p className="text-success-content/90">{formatPieces(part.available_quantity)} in stock</p>;
  const plan = availabilityNote(part, least);
  return (
    <>
      <p className={plan ? 'font-medium' : 'font-medium text-error'}>{plan ? 'Backorder' : 'Out of stock'}</p>
      {plan ? (
        <ShipPlanNote part={part} quantity={least} className="text-base-content/80" />
      ) : (
        <IncomingNote part={part} className="text-base-content/80" />
      )}
    </>
  );
}
