import type { Quote } from '@shop/contract/quotes';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { DateTime } from '../../../components/ui/date-time';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { ApiError } from '../../../lib/api-client';
import { formatDollars } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/toasts';
import { useAccessRefusal, useIsAdmin } from '../../auth';
import { useOrder } from '../../orders';
import { useAcceptQuote, useDeclineQuote, useQuote } from '../api/quotes';
import { OfferForm } from '../components/offer-form';
import { QuoteLinesTable } from '../components/quote-lines-table';
import { QuoteStatusBadge } from '../components/quote-status';
import { QuoteThread } from '../components/quote-thread';
import { canOffer, isOpenOffer } from '../quote-lines';

export const QUOTE_ACCEPTED_MESSAGE = 'Offer accepted. Your order is placed: pay for it in My Order.';
export const QUOTE_DECLINED_MESSAGE = 'Offer declined.';

/**
 * A quote's page (/dashboard/quotes/:id), for its buyer and for admins: its status, lines and
 * prices, validity and thread with a reply; the buyer may accept or decline an open offer, an
 * admin makes the offer.
 */
export function QuotePage() {
  const { id = '' } = useParams();
  const quote = useQuote(id);
  // A quote of someone else's is refused: that signs out (docs/product.md §8); one not found is said here.
  useAccessRefusal(
    quote.error instanceof ApiError && (quote.error.status === 401 || quote.error.status === 403)
      ? quote.error
      : null,
  );
  const { admin } = useIsAdmin();
  if (quote.isPending) return <ProgressBar />;
  if (!quote.data)
    return (
      <section>
        <p className="mb-4">This quote cannot be found.</p>
        <Link to={admin ? '/dashboard/quotes' : '/dashboard/my-quotes'} className="btn btn-primary">
          {admin ? 'See the quotes' : 'See my quotes'}
        </Link>
      </section>
    );
  return <QuoteView quote={quote.data} admin={admin} />;
}

function QuoteView({ quote, admin }: { quote: Quote; admin: boolean }) {
  return (
    <section className="flex flex-col gap-8">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt>Status</dt>
        <dd>
          <QuoteStatusBadge status={quote.status} />
        </dd>
        <dt>Asked</dt>
        <dd>
          <DateTime at={quote.createdAt} time="short" />
        </dd>
        {admin && (
          <>
            <dt>Buyer</dt>
            <dd className="break-all">
              {quote.userName} ({quote.email})
            </dd>
          </>
        )}
        {quote.validUntil && (
          <>
            <dt>Valid until</dt>
            <dd>
              <DateTime at={quote.validUntil} time="short" />
            </dd>
          </>
        )}
        {quote.orderId && (
          <>
            <dt>Order</dt>
            <dd>
              <QuoteOrder orderId={quote.orderId} admin={admin} />
            </dd>
          </>
        )}
      </dl>
      <QuoteLinesTable lines={quote.lines} />
      {!admin && isOpenOffer(quote) && <OfferAnswer quote={quote} />}
      {admin && canOffer(quote.status) && <OfferForm key={quote.validUntil ?? ''} quote={quote} />}
      <QuoteThread
        quoteId={quote._id}
        messages={quote.messages}
        messageCount={quote.messageCount}
        admin={admin}
      />
    </section>
  );
}

/**
 * The order an accepted quote made: where it is listed, and whether it is paid (the buyer pays
 * an unpaid one from here).
 */
function QuoteOrder({ orderId, admin }: { orderId: string; admin: boolean }) {
  const order = useOrder(orderId).data;
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Link to={admin ? '/dashboard/manage-all-order' : '/dashboard/my-order'} className="link link-primary">
        {admin ? 'In Manage All Order' : 'In My Order'}
      </Link>
      {order?.paymentId && <span className="badge badge-success">Paid</span>}
      {order && !order.paymentId && order.expiredAt && (
        <span className="badge badge-ghost">Expired unpaid</span>
      )}
      {order &&
        !order.paymentId &&
        !order.expiredAt &&
        (admin ? (
          <span className="badge badge-warning">Awaiting payment</span>
        ) : (
          <Link to={`/dashboard/payment/${order._id}`} className="btn btn-primary btn-sm">
            Pay {formatDollars(order.price)}
          </Link>
        ))}
    </span>
  );
}

/** The buyer's answer to an open offer: Accept (an order at its prices) or Decline, each asked first. */
function OfferAnswer({ quote }: { quote: Quote }) {
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<'accept' | 'decline' | null>(null);
  const close = () => setChosen(null);
  const accept = useAcceptQuote(() => {
    showSuccess(QUOTE_ACCEPTED_MESSAGE);
    navigate('/dashboard/my-order');
  });
  const decline = useDeclineQuote(() => showSuccess(QUOTE_DECLINED_MESSAGE));
  const settled = { onError: (error: Error) => showError(error), onSettled: close };
  return (
    <div className="flex flex-col gap-2">
      <p>Accepting places an order at these prices; you pay for it in My Order.</p>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn btn-primary" onClick={() => setChosen('accept')}>
          Accept
        </button>
        <button type="button" className="btn btn-outline btn-error" onClick={() => setChosen('decline')}>
          Decline
        </button>
      </div>
      <ConfirmModal
        open={chosen !== null}
        busy={accept.isPending || decline.isPending}
        onConfirm={() => {
          if (chosen === 'accept') accept.mutate(quote._id, settled);
          if (chosen === 'decline') decline.mutate(quote._id, settled);
        }}
        onClose={close}
      />
    </div>
  );
}
