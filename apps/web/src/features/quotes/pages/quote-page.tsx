import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DateTime } from '../../../components/ui/date-time';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { ApiError } from '../../../lib/api-client';
import { formatDollars } from '../../../lib/format';
import { useAccessRefusal, useIsAdmin } from '../../auth';
import { useOrder } from '../../orders';
import { type AcceptRefusal, OFFER_CHANGED_MEANWHILE, offerChangedMeanwhile } from '../accept-refusal';
import { type QuoteAsRead, useQuote } from '../api/quotes';
import { AcceptRefusalAlert } from '../components/accept-refusal-alert';
import { MakeContractPrices } from '../components/make-contract-prices';
import { OfferAnswer, useOfferAnswerData } from '../components/offer-answer';
import { OfferForm } from '../components/offer-form';
import { QuoteLinesTable } from '../components/quote-lines-table';
import { QuoteStatusBadge } from '../components/quote-status';
import { QuoteThread } from '../components/quote-thread';
import { canOffer, isOpenOffer } from '../quote-lines';

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
  const { admin, loading } = useIsAdmin();
  // An offer's answer needs the buyer's mobile and addresses: asked beside the quote, not after it.
  useOfferAnswerData(!loading && !admin);
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
  return <QuoteView key={quote.data._id} quote={quote.data} admin={admin} />;
}

function QuoteView({ quote, admin }: { quote: QuoteAsRead; admin: boolean }) {
  // A refused accept stays told on the page (beside the offer read again) until the buyer answers again.
  const [refusal, setRefusal] = useState<AcceptRefusal | null>(null);
  // The offer the page showed first: one read since is told, not slipped in under the buyer's eyes.
  const [firstShown] = useState(quote.etag);
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
      {!admin && refusal && <AcceptRefusalAlert refusal={refusal} quote={quote} />}
      {!admin && offerChangedMeanwhile(firstShown, quote, refusal !== null) && (
        <p role="status" className="rounded-box border border-info bg-info/10 p-4">
          {OFFER_CHANGED_MEANWHILE}
        </p>
      )}
      {!admin && isOpenOffer(quote) && <OfferAnswer quote={quote} onRefused={setRefusal} />}
      {admin && canOffer(quote.status) && <OfferForm key={quote.validUntil ?? ''} quote={quote} />}
      {admin && quote.status === 'accepted' && <MakeContractPrices quoteId={quote._id} />}
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
      {order?.status === 'cancelled' && <span className="badge badge-ghost">Cancelled</span>}
      {order &&
        !order.paymentId &&
        !order.expiredAt &&
        order.status !== 'cancelled' &&
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
