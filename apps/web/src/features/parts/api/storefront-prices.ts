import type { Part } from '@shop/contract/parts';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../auth';
import { type PartsParams, partsQuery } from './get-parts';

/*
 * A member's contract prices on parts the page read as everyone's. Apart from buyer-search.ts,
 * which reads the search (and its contract, with zod): the storefront is in the first download.
 */

/** How long a member's prices read for a list of cards stay fresh. */
export const PRICES_FRESH_MS = 60_000;

/**
 * `parts` as the signed-in member sees them: each with the contract price `priced` (the same
 * parts read with the member's token) gives it. A part `priced` lacks keeps what it has.
 */
export function withBuyerPrices(parts: readonly Part[], priced: readonly Part[] | undefined): Part[] {
  if (!priced || priced.length === 0) return [...parts];
  const prices = new Map(
    priced.flatMap((part) => (part.contractPrice ? [[part._id, part.contractPrice]] : [])),
  );
  return parts.map((part) => {
    const contractPrice = prices.get(part._id);
    return contractPrice ? { ...part, contractPrice } : part;
  });
}

/**
 * The storefront's parts with the signed-in member's contract prices: the page the server renders
 * is everyone's, so the same page of the catalog is read again with the member's token, once.
 */
export function useBuyerPartPrices(parts: readonly Part[], params: PartsParams): Part[] {
  const signedIn = useSession().status === 'signed-in';
  const list = partsQuery(params);
  const mine = useQuery({
    ...list,
    queryKey: [...list.queryKey, 'as-member'],
    enabled: signedIn && parts.length > 0,
    staleTime: PRICES_FRESH_MS,
    retry: false,
    meta: { quiet: true },
  });
  return signedIn ? withBuyerPrices(parts, mine.data?.parts) : [...parts];
}
