import { useEffect, useRef } from 'react';
import { formatDollars } from '../../../lib/format';
import { ACCEPT_REFUSED_TITLE, type AcceptRefusal, OFFER_CHANGED_TITLE } from '../accept-refusal';
import type { QuoteAsRead } from '../api/quotes';
import { isOpenOffer, quoteTotal } from '../quote-lines';

const dollars = (amount: number | undefined) => (amount === undefined ? 'a price' : formatDollars(amount));

/**
 * A refused accept, told on the quote's page until the buyer answers again: nothing was ordered,
 * and (for an offer changed meanwhile) what they accepted beside the offer now shown above it.
 * Brought into view when it comes: the buyer's eyes are on the Accept button.
 */
export function AcceptRefusalAlert({ refusal, quote }: { refusal: AcceptRefusal; quote: QuoteAsRead }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  // The quote read again names another offer than the one accepted: the new one is on the page.
  const reloaded = quote.etag !== refusal.accepted.etag;
  return (
    <div
      ref={box}
      role="alert"
      // Brought into view below the sticky bar at the top, not under it.
      className="flex scroll-mt-24 flex-col gap-1 rounded-box border border-warning bg-warning/15 p-4 break-words"
    >
      <h2 className="font-semibold">{refusal.offerChanged ? OFFER_CHANGED_TITLE : ACCEPT_REFUSED_TITLE}</h2>
      {!refusal.offerChanged ? (
        <p>{refusal.message}</p>
      ) : (
        <>
          <p>The shop changed its offer after this page showed it to you, so your accept was refused.</p>
          {reloaded ? (
            <p>
              You accepted {dollars(refusal.accepted.total)} in all; the offer is now{' '}
              <strong>{dollars(quoteTotal(quote.lines))}</strong> in all, its prices shown above.
              {isOpenOffer(quote) ? ' Accept it only if it suits you.' : ''}
            </p>
          ) : (
            <p>Loading the new offer…</p>
          )}
        </>
      )}
    </div>
  );
}
