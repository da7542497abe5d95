import type { Part } from '@shop/contract/parts';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../auth';
import type { CatalogState } from '../catalog-state';
import { catalogSearchQuery } from './search-parts';
import { PRICES_FRESH_MS, withBuyerPrices } from './storefront-prices';

/**
 * The finder's parts with the signed-in member's contract prices: the page the server renders is
 * everyone's, so the search is read again with the member's token (in the browser the loader
 * has read it so already: the same query, from the cache).
 */
export function useBuyerSearchPrices(state: CatalogState, parts: readonly Part[]): Part[] {
  const signedIn = useSession().status === 'signed-in';
  const mine = useQuery({
    ...catalogSearchQuery(state),
    enabled: signedIn && parts.length > 0,
    staleTime: PRICES_FRESH_MS,
  });
  return signedIn ? withBuyerPrices(parts, mine.data?.parts) : [...parts];
}
