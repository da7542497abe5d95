import type { Order } from '@shop/contract/orders';
import { Link } from 'react-router';
import { cardPaymentRefusal } from '../order-status';

/**
 * The payment page's answer for an order not paid by card: a cancelled one, one waiting for its
 * company's approval, one the company rejected, one on 30-day terms. Null for any other order.
 */
export function CardPaymentRefusal({ order }: { order: Order }) {
  const refusal = cardPaymentRefusal(order);
  if (!refusal) return null;
  return (
    <div className="flex flex-col gap-2">
      <p role="alert" className="font-medium">
        {refusal}
      </p>
      <Link to="/dashboard/my-order" className="link link-primary">
        Back to My Order
      </Link>
    </div>
  );
}
