import type { Order } from '@shop/contract/orders';
import { useNavigate } from 'react-router';
import { addToOrder } from '../store';
import { SaveListButton } from './save-list-button';

/**
 * An order's lines offered again, for My Order's rows: 'Save as list' keeps them as a saved list,
 * 'Buy again' adds them all to the order builder and opens it.
 */
export function OrderLinesActions({ order }: { order: Order }) {
  const navigate = useNavigate();
  const lines = order.lines.map(({ partsId, quantity }) => ({ partsId, quantity }));
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-xs"
        aria-label={`Buy again: every line of the order of ${order.partsName}`}
        onClick={() => {
          for (const line of lines) addToOrder(line.partsId, line.quantity);
          navigate('/order');
        }}
      >
        Buy again
      </button>
      <SaveListButton
        lines={lines}
        defaultName={order.poNumber ? `PO ${order.poNumber}` : `Order of ${order.createdAt.slice(0, 10)}`}
        className="btn btn-outline btn-xs"
      />
    </>
  );
}
