import { PAYMENTS_NOT_CONFIGURED_MESSAGE } from '@shop/contract/payments';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { ApiError } from '../../../lib/api-client';
import { formatDollars, formatPieces } from '../../../lib/format';
import { showSuccess } from '../../../lib/toasts';
import { CardPaymentRefusal, cardPaymentRefusal } from '../../company-orders';
import { OrderLineList, PoNumber, useOrder } from '../../orders';
import { useClientSecret, usePaymentsConfig } from '../api/payments';
import { StripeCardForm } from '../components/stripe-card-form';
import { TestCardForm } from '../components/test-card-form';

/** docs/product.md §2: /dashboard/payment/{id}, card payment for an order. */
export function PaymentPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const order = useOrder(id);
  const config = usePaymentsConfig();
  // An order waiting for its company's approval, rejected by it, or on 30-day terms takes no card.
  const refusal = order.data ? cardPaymentRefusal(order.data) : null;
  const unpaid = order.data !== undefined && !order.data.paymentId && !refusal;
  const ask = refusal ? 'Your order of' : 'Please pay for';
  // A shop that takes no cards is not asked for a payment it would refuse.
  const takesCards = config.data !== undefined && config.data.provider !== 'none';
  const secret = useClientSecret(id, unpaid && takesCards);
  const onPaid = (paymentId: string) => {
    showSuccess(`Payment Complete. paymentId: ${paymentId}`);
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
  };
  return (
    <section>
      {order.isPending && <ProgressBar />}
      {order.isError && <p>This order cannot be found.</p>}
      {order.data && (
        <div className="grid max-w-3xl gap-6 md:grid-cols-2">
          <div className="card bg-base-100 shadow">
            <div className="card-body gap-1">
              <h2 className="card-title">Hello, {order.data.userName}</h2>
              {order.data.lines.length > 1 ? (
                <>
                  <p>
                    {ask} {order.data.lines.length} parts:
                  </p>
                  <OrderLineList lines={order.data.lines} className="my-1" />
                </>
              ) : (
                <>
                  <p>
                    {ask} <strong>{order.data.partsName}</strong>
                  </p>
                  <p>Quantity: {formatPieces(order.data.quantity)}</p>
                </>
              )}
              <PoNumber order={order.data} />
              <p>
                Amount: <strong>{formatDollars(order.data.price)}</strong>
              </p>
            </div>
          </div>
          <div className="card bg-base-100 shadow">
            <div className="card-body">
              {config.data?.testMode && unpaid && (
                <p>
                  <span className="badge badge-warning">Test mode</span>{' '}
                  <span className="text-sm">No money is taken: pay with a test card.</span>
                </p>
              )}
              {order.data.paymentId ? (
                <p>
                  <span className="badge badge-success">Paid</span>{' '}
                  <span className="break-all text-sm">{order.data.paymentId}</span>
                  <br />
                  <Link to="/dashboard/my-order" className="link link-primary">
                    Back to My Order
                  </Link>
                </p>
              ) : refusal ? (
                <CardPaymentRefusal order={order.data} />
              ) : config.data?.provider === 'none' ? (
                <p role="alert" className="font-medium">
                  {PAYMENTS_NOT_CONFIGURED_MESSAGE}
                </p>
              ) : secret.error ? (
                <p role="alert" className="font-medium text-error">
                  {secret.error instanceof ApiError && secret.error.code === 'amount_limit'
                    ? 'Amount Limit Crossed. Limit: 9,999.99/-'
                    : secret.error.message}
                </p>
              ) : secret.data && config.data?.provider === 'test' ? (
                <TestCardForm orderId={id} clientSecret={secret.data} onPaid={onPaid} />
              ) : secret.data && config.data?.provider === 'stripe' && config.data.publishableKey ? (
                <StripeCardForm
                  publishableKey={config.data.publishableKey}
                  clientSecret={secret.data}
                  orderId={id}
                  onPaid={onPaid}
                />
              ) : (
                <ProgressBar label="Preparing the payment" />
              )}
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
