import type { Order, OrderLine } from '@shop/contract/orders';
import { LineReferenceNote } from '../../../components/ui/line-reference';
import { formatPieces } from '../../../lib/format';

/**
 * Where an order goes, as a parcel's label reads: the buyer's name, their company, the address as
 * they wrote it (its lines kept) and the mobile; the buyer's email under the name where `email`.
 */
export function ShipTo({
  order,
  email = false,
  className = '',
}: {
  order: Pick<Order, 'userName' | 'email' | 'companyName' | 'address' | 'mobile'>;
  email?: boolean;
  className?: string;
}) {
  return (
    <address className={`not-italic break-words ${className}`}>
      <span className="block font-medium">{order.userName}</span>
      {email && <span className="block break-all text-xs text-base-content/70">{order.email}</span>}
      {order.companyName && <span className="block">{order.companyName}</span>}
      <span className="block whitespace-pre-line">{order.address}</span>
      <span className="block">
        Mobile <span className="whitespace-nowrap">{order.mobile}</span>
      </span>
    </address>
  );
}

/** What goes into the parcel: each line's part (with the buyer's reference) and its pieces. */
export function PackingList({ lines }: { lines: readonly OrderLine[] }) {
  return (
    <ul className="flex flex-col gap-1">
      {lines.map((line) => (
        <li key={line.partsId} className="flex justify-between gap-3">
          <span className="min-w-0 break-words">
            {line.partsName}
            <LineReferenceNote reference={line.reference} />
          </span>
          <span className="whitespace-nowrap font-medium">{formatPieces(line.quantity)}</span>
        </li>
      ))}
    </ul>
  );
}
