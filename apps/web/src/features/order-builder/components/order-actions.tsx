import type { Order } from '@shop/contract/orders';
import { SaveListButton } from './save-list-button';

/** My Order's 'Save as list' for an order: its lines kept as a saved list, to order again later. */
export function SaveOrderAsList({ order }: { order: Order }) {
  return (
    <SaveListButton
      lines={order.lines.map(({ partsId, quantity, reference }) => ({
        partsId,
        quantity,
        ...(reference ? { reference } : {}),
      }))}
      defaultName={order.poNumber ? `PO ${order.poNumber}` : `Order of ${order.createdAt.slice(0, 10)}`}
      className="btn btn-outline btn-xs"
      label={`Save as list: ${order.partsName}${order.lines.length > 1 ? ` + ${order.lines.length - 1} more parts` : ''}`}
    />
  );
}
