import type { Order, OrderLine } from '@shop/contract/orders';
import { LineReferenceNote } from '../../../components/ui/line-reference';
import { formatDollars, formatPieces } from '../../../lib/format';
import { moreParts, morePartsText } from '../order-lines';

/** Each line of an order: its part and the buyer's reference, its pieces at their unit price, and the line's price. */
export function OrderLineList({
  lines,
  className = '',
}: {
  lines: readonly OrderLine[];
  className?: string;
}) {
  return (
    <ul className={`flex flex-col gap-1 ${className}`}>
      {lines.map((line) => (
        <li key={line.partsId}>
          <span className="font-medium">{line.partsName}</span>
          <YourNumber line={line} />
          <br />
          <LineReferenceNote reference={line.reference} />
          <span className="whitespace-nowrap text-base-content/80">
            {formatPieces(line.quantity)} × {formatDollars(line.unitPrice)} = {formatDollars(line.price)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The buyer's own number for a line's part when the order was placed, where they kept one. */
function YourNumber({ line }: { line: Pick<OrderLine, 'customerPartNumber'> }) {
  return line.customerPartNumber ? (
    <span className="block break-all text-xs text-base-content/70">
      Your part number: <span className="font-mono">{line.customerPartNumber}</span>
    </span>
  ) : null;
}

/** The buyer's purchase order number, where they gave one. */
export function PoNumber({ order }: { order: Pick<Order, 'poNumber'> }) {
  return order.poNumber ? (
    <p className="mt-1 break-all text-xs text-base-content/70">PO number: {order.poNumber}</p>
  ) : null;
}

/**
 * An order table's Part: a one-line order's part as docs/product.md §2 shows it; an order of
 * several lines names its first part and opens to every line.
 */
export function OrderPartCell({ order }: { order: Order }) {
  const more = moreParts(order);
  const [first] = order.lines;
  return (
    <>
      {order.partsName}
      {more === 0 && order.lines[0] && <YourNumber line={order.lines[0]} />}
      {more === 0 && first && <LineReferenceNote reference={first.reference} />}
      {more > 0 && (
        <details className="mt-1">
          <summary className="cursor-pointer text-sm text-primary">{morePartsText(more)}</summary>
          <OrderLineList lines={order.lines} className="mt-2" />
        </details>
      )}
      <PoNumber order={order} />
    </>
  );
}
