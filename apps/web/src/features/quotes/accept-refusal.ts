import type { Quote } from '@shop/contract/quotes';
import { ApiError } from '../../lib/api-client';
import { isOpenOffer } from './quote-lines';

/**
 * Why the server refused an accept, as the quote's page keeps telling it (not a toast that goes):
 * the offer the page showed is no longer the shop's (412: the shop made a new one since), the
 * quote can no longer be accepted as it was (409: expired, answered meanwhile, another offer), or
 * its lines cannot be filled now (422: not enough pieces in stock; the quote stays offered).
 */
export interface AcceptRefusal {
  /** True for a new offer since the page was read (412): the page then shows the new one. */
  offerChanged: boolean;
  /** The server's words. */
  message: string;
  /** The offer that was accepted: its ETag (the new one is told by another) and its total. */
  accepted: { etag?: string | undefined; total?: number | undefined };
}

export const OFFER_CHANGED_TITLE = 'The offer changed: nothing was ordered';
export const ACCEPT_REFUSED_TITLE = 'Your accept was refused: nothing was ordered';

/** The refusal the page shows for this failure of an accept, or null for one a toast tells (network, a fault). */
export function refusalOfAccept(error: unknown, accepted: AcceptRefusal['accepted']): AcceptRefusal | null {
  if (!(error instanceof ApiError) || ![409, 412, 422].includes(error.status)) return null;
  // A 422 names the lines short of stock and says the offer stays open.
  return { offerChanged: error.status === 412, message: error.message, accepted };
}

export const OFFER_CHANGED_MEANWHILE =
  'The shop changed its offer while this page was open: the prices above are its new offer.';

/**
 * Whether the offer the page shows is another than the one it showed first (read again meanwhile:
 * the app taking over a page the server sent, a message posted), while it is open and no refusal
 * says so already: the page then says so, rather than change the prices under the buyer's eyes.
 */
export function offerChangedMeanwhile(
  firstShown: string | undefined,
  quote: Pick<Quote, 'status' | 'validUntil'> & { etag?: string | undefined },
  refused: boolean,
): boolean {
  return (
    !refused &&
    firstShown !== undefined &&
    quote.etag !== undefined &&
    quote.etag !== firstShown &&
    isOpenOffer(quote)
  );
}
