import { PAYMENTS_NOT_CONFIGURED_MESSAGE, type PaymentsConfig } from '@shop/contract/payments';
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
  const onPaid = (paymentId: string) => {
    showSuccess(`Payment Complete. paymentId: ${paymentId}`);
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
  };
  return (
    <section>
      {order.isPending && <ProgressBar />}
      {order.isError && <p>This order cannot be found.</p>}
      {order.data && (
        // Each card its own height: the order's card stays as it is when the card form takes the
        // place of "Preparing the payment" (a taller row would stretch it and space its lines out).
        <div className="grid max-w-3xl items-start gap-6 md:grid-cols-2">
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
              <p>Order: {order.data.number}</p>
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
              ) : config.data ? (
                <CardPayment orderId={id} config={config.data} onPaid={onPaid} />
              ) : (
                <PreparingPayment />
              )}
            </div>
          </div>
        </div>
      )}
    </section>
  );
}

const PreparingPayment = () => <ProgressBar label="Preparing the payment" />;

/**
 * The card form of an unpaid order, once the shop has prepared its payment (a client secret,
 * asked for with a POST: in the browser alone), or why it cannot be paid by card.
 */
function CardPayment({
  orderId,
  config,
  onPaid,
}: {
  orderId: string;
  config: PaymentsConfig;
  onPaid: (paymentId: string) => void;
}) {
  const secret = useClientSecret(orderId, true);
  if (secret.error)
    return (
      <p role="alert" className="font-medium text-error">
        {secret.error instanceof ApiError && secret.error.code === 'amount_limit'
          ? 'Amount Limit Crossed. Limit: 9,999.99/-'
          : secret.error.message}
      </p>
    );
  if (secret.data && config.provider === 'test')
    return <TestCardForm orderId={orderId} clientSecret={secret.data} onPaid={onPaid} />;
  if (secret.data && config.provider === 'stripe' && config.publishableKey)
    return (
      <StripeCardForm
        publishableKey={config.publishableKey}
        clientSecret={secret.data}
        orderId={orderId}
        onPaid={onPaid}
      />
    );
  return <PreparingPayment />;
}
