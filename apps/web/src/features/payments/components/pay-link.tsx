import { Link } from 'react-router';
import { usePaymentsConfig } from '../api/payments';

/**
 * The way to an order's payment page. With Stripe it is a full page load, so the page arrives
 * with the one CSP that lets Stripe.js in; with the shop's own card form it stays in the app.
 */
export function PayLink({ orderId }: { orderId: string }) {
  const config = usePaymentsConfig();
  const to = `/dashboard/payment/${orderId}`;
  if (config.data?.provider === 'stripe') {
    return (
      <a href={to} className="btn btn-primary btn-xs">
        Pay
      </a>
    );
  }
  return (
    <Link to={to} className="btn btn-primary btn-xs">
      Pay
    </Link>
  );
}
